"""The frozen ArUco patterns are OpenCV's own, so the scanner finds what the printer drew."""

from __future__ import annotations

import json
from importlib import resources

import cv2
import numpy as np


def test_frozen_patterns_match_opencv_dictionary() -> None:
    data = json.loads(resources.files("artsheets.templates").joinpath("aruco_4x4.json").read_text())
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    for key, bits in data["markers"].items():
        img = cv2.aruco.generateImageMarker(dictionary, int(key), 6) // 255
        assert np.array_equal(img[1:5, 1:5], np.array(bits)), f"marker {key} differs"
