"""Per-piece readings of a messaging copy's traced lines against the truth (issue 20,
copylines): the table ``measure_copylines.py`` writes, read four ways (see its docstring).

    .venv/bin/python benchmarks/copylines_report.py ROWS.json [ROWS2.json ...] [--pairs N]
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

FEATURES = {
    "luma": ("od_core", "od_beside"),
    "chroma (band only)": ("cb_band", "cr_band"),
    "chroma (unmixed)": ("cb", "cr"),
    "luma + chroma (unmixed)": ("od_core", "od_beside", "cb", "cr"),
    "chroma (unmixed, 0.75 mm)": ("cb_w0.75", "cr_w0.75"),
    "chroma (unmixed, 3 mm)": ("cb_w3.0", "cr_w3.0"),
}


def _vec(r: dict, names: tuple[str, ...]) -> np.ndarray:
    return np.array([np.nan if r[n] is None else r[n] for n in names], float)


def _fit_plus(r: dict, dist: dict[int, float], lam: float) -> int:
    """The key the line fit's log-likelihoods pick once ``lam`` times half each key's squared
    feature distance is taken off (a key with no distance gets the largest one)."""
    worst = max(dist.values())
    score = {int(k): float(v) - lam * 0.5 * dist.get(int(k), worst) for k, v in r["loglik"].items()}
    return max(score, key=score.get)


def _spread(rows: list[dict], names: tuple[str, ...]) -> np.ndarray:
    """Pooled within-(sheet, key) standard deviation of each feature."""
    groups: dict = defaultdict(list)
    for r in rows:
        groups[(r["photo"], r["truth"])].append(_vec(r, names))
    dev = []
    for g in groups.values():
        a = np.array(g)
        if len(a) >= 3:
            dev.append(a - np.nanmedian(a, axis=0))
    d = np.concatenate(dev)
    return np.maximum(np.nanstd(d, axis=0), 1e-6)


def _refs(sheet: list[dict], names, label: str, skip: int) -> dict[int, np.ndarray]:
    """Per key, the median feature of the sheet's pieces labelled with it, ``skip`` left
    out: labelled by the truth (``oracle``) or by the fit where its margin is over the
    sheet's median margin (``self``: what a scanner could use)."""
    by: dict = defaultdict(list)
    cut = float(np.median([r["margin"] for r in sheet]))
    for j, r in enumerate(sheet):
        if j == skip:
            continue
        if label == "oracle":
            by[r["truth"]].append(_vec(r, names))
        elif r["margin"] >= cut:
            by[r["fit"]].append(_vec(r, names))
    return {k: np.nanmedian(np.array(v), axis=0) for k, v in by.items() if len(v) >= 2}


def _dists(r, names, refs, sd) -> dict[int, float]:
    f = _vec(r, names)
    out = {}
    for k, ref in refs.items():
        z = (f - ref) / sd
        z = z[~np.isnan(z)]
        out[k] = float((z * z).sum()) if len(z) else 0.0
    return out


ALL = ("od_core", "cb_band", "cr_band", "cb_w0.75", "cr_w0.75", "cb", "cr", "cb_w3.0", "cr_w3.0")


def _lda(g: list[dict], sheets: dict, idx: dict, reads: dict) -> None:
    """Every feature at once, by Mahalanobis distance under the within-key covariance pooled
    over the set (the truth's), to each key's mean on the sheet (the truth's, leave one
    out): the most a per-sheet reference reads from these features; and added to the fit."""
    x = {id(r): np.array([r[f] for f in ALL], float) for r in g}
    dev = []
    for s in sheets.values():
        for k in {r["truth"] for r in s}:
            a = np.array([x[id(r)] for r in s if r["truth"] == k])
            if len(a) >= 3:
                dev.append(a - a.mean(axis=0))
    d = np.concatenate(dev)
    inv = np.linalg.inv(np.cov(d.T) + 1e-6 * np.eye(len(ALL)))
    n = len(g)
    out: list = [None] * n
    comb: dict = {lam: [None] * n for lam in (0.1, 0.25, 0.5)}
    for s in sheets.values():
        for j, r in enumerate(s):
            by: dict = defaultdict(list)
            for jj, o in enumerate(s):
                if jj != j:
                    by[o["truth"]].append(x[id(o)])
            dist = {}
            for k, v in by.items():
                if len(v) >= 2:
                    z = x[id(r)] - np.mean(v, axis=0)
                    dist[k] = float(z @ inv @ z)
            if not dist:
                continue
            out[idx[id(r)]] = min(dist, key=dist.get)
            for lam in comb:
                comb[lam][idx[id(r)]] = _fit_plus(r, dist, lam)
    reads["every feature [oracle, Mahalanobis]"] = out
    for lam, c in comb.items():
        reads[f"fit + {lam} x every feature [oracle]"] = c


def _self_em(g, sheets, idx, names, lam, rounds) -> list:
    """The fit plus ``lam`` x the block features' log-likelihood, each key's reference the
    median over the sheet's pieces read in it (first by the fit, over the sheet's median
    margin; then, each further round, by the combined reading, every piece), one left out."""
    sd = _spread(g, names)
    out: list = [None] * len(g)
    for s in sheets.values():
        cut = float(np.median([r["margin"] for r in s]))
        labels = [r["fit"] if r["margin"] >= cut else None for r in s]
        for _ in range(rounds):
            new = []
            for j, r in enumerate(s):
                by: dict = defaultdict(list)
                for jj, o in enumerate(s):
                    if jj != j and labels[jj] is not None:
                        by[labels[jj]].append(_vec(o, names))
                refs = {k: np.nanmedian(np.array(v), axis=0) for k, v in by.items() if len(v) >= 2}
                if not refs:
                    new.append(r["fit"])
                    continue
                d = _dists(r, names, refs, sd)
                score = {
                    int(k): float(v) - lam * 0.5 * d.get(int(k), max(d.values()))
                    for k, v in r["loglik"].items()
                }
                new.append(max(score, key=score.get))
            labels = new
        for j, r in enumerate(s):
            out[idx[id(r)]] = labels[j]
    return out


def _de(r: dict, a: int, b: int) -> float:
    la, lb = np.array(r["keys_lab"][str(a)]), np.array(r["keys_lab"][str(b)])
    return float(np.linalg.norm(la - lb))


BINS = (0, 10, 20, 30, 45, 999)


def _by_pair(g: list[dict], reads: dict) -> None:
    """Pieces by how close their key's nearest other key is (CIELAB of the swatches as the
    line fit takes them), each reading's right share; and the key pairs' lightness apart
    against their traces' luma apart (oracle medians per sheet)."""
    near = []
    for r in g:
        others = [int(k) for k in r["keys_lab"] if int(k) != r["truth"]]
        near.append(min(_de(r, r["truth"], k) for k in others) if others else 999.0)
    near = np.array(near)
    names = [
        "fit",
        "final",
        "luma [oracle]",
        "chroma (unmixed) [oracle]",
        "luma + chroma (unmixed) [oracle]",
        "fit + 0.5 x luma + chroma (unmixed) [oracle]",
        "fit + 0.25 x luma + chroma (unmixed) [self]",
    ]
    print("  by the nearest other key's distance (CIELAB), pieces right:")
    print(
        "    "
        + f"{'reading':46}"
        + " ".join(f"{f'{a}-{b}':>12}" for a, b in itertools.pairwise(BINS))
    )
    for name in names:
        if name not in reads:
            continue
        rd = reads[name]
        cells = []
        for a, b in itertools.pairwise(BINS):
            sel = np.flatnonzero((near >= a) & (near < b))
            ok = sum(rd[i] == g[i]["truth"] for i in sel)
            cells.append(f"{ok:>5}/{len(sel):<6}")
        print(f"    {name:46}" + " ".join(cells))
    # Key pairs: swatch lightness apart against the traces' luma apart.
    sheets: dict = defaultdict(list)
    for r in g:
        sheets[r["photo"]].append(r)
    pts = []
    for s in sheets.values():
        med = {}
        for k in {r["truth"] for r in s}:
            v = [r["od_core"] for r in s if r["truth"] == k and r["od_core"] is not None]
            if len(v) >= 3:
                med[k] = float(np.median(v))
        lab = s[0]["keys_lab"]
        ks = sorted(med)
        for i, a in enumerate(ks):
            for b in ks[i + 1 :]:
                dl = lab[str(a)][0] - lab[str(b)][0]
                pts.append((dl, med[a] - med[b], _de(s[0], a, b)))
    if pts:
        p = np.array(pts)
        corr = float(np.corrcoef(p[:, 0], p[:, 1])[0, 1]) if len(p) > 2 else float("nan")
        print(
            f"  key pairs: {len(p)}; swatch L* apart |dL| median {np.median(np.abs(p[:, 0])):.1f}; "
            f"traces' core OD apart median {np.median(np.abs(p[:, 1])):.3f}; "
            f"corr(dL, dOD) {corr:.2f}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rows", nargs="+", help="tables written by measure_copylines.py")
    parser.add_argument("--pairs", type=int, default=8, help="key pairs listed (default 8)")
    args = parser.parse_args()
    pairs_n = args.pairs
    missing = [p for p in args.rows if not Path(p).is_file()]
    if missing:
        parser.error(f"no such table: {', '.join(missing)} (write it with measure_copylines.py)")
    rows = [r for p in args.rows for r in json.loads(Path(p).read_text())]
    if not all("cb_w3.0" in r for r in rows):
        for extra in ("chroma (unmixed, 0.75 mm)", "chroma (unmixed, 3 mm)"):
            FEATURES.pop(extra, None)
    for game in ("arp", "miro"):
        g = [r for r in rows if r["game"] == game]
        if not g:
            continue
        sheets: dict = defaultdict(list)
        for r in g:
            sheets[r["photo"]].append(r)
        n = len(g)
        print(f"\n## {game}: {n} traced pieces on {len(sheets)} copies")
        reads: dict[str, list[int | None]] = {"fit": [r["fit"] for r in g]}
        if any(r["final"] is not None for r in g):  # solved (not ``--no-solve``)
            reads["final"] = [r["final"] for r in g]
        order = [r for s in sheets.values() for r in s]
        idx = {id(r): i for i, r in enumerate(g)}
        for fname, names in FEATURES.items():
            sd = _spread(g, names)
            print(
                f"  spread within a sheet's key, {fname}: "
                + ", ".join(f"{a} {b:.3f}" for a, b in zip(names, sd, strict=True))
            )
            labels = ("oracle", "self")
            if names == ("cb", "cr") and all("keys_cc" in r for r in g):
                labels = ("oracle", "self", "keys")
            for label in labels:
                out: list[int | None] = [None] * n
                comb: dict[float, list] = {lam: [None] * n for lam in (0.25, 0.5, 1.0)}
                for s in sheets.values():
                    for j, r in enumerate(s):
                        if label == "keys":  # the swatch's hue: nearest by angle
                            v = np.array([r["cb"], r["cr"]])
                            ang = {
                                int(k): float(
                                    np.arccos(
                                        np.clip(
                                            np.dot(v, c)
                                            / max(np.linalg.norm(v) * np.linalg.norm(c), 1e-9),
                                            -1,
                                            1,
                                        )
                                    )
                                )
                                for k, c in ((k, np.array(c)) for k, c in r["keys_cc"].items())
                            }
                            out[idx[id(r)]] = min(ang, key=ang.get)
                            continue
                        refs = _refs(s, names, label, j)
                        if not refs:
                            continue
                        d = _dists(r, names, refs, sd)
                        out[idx[id(r)]] = min(d, key=d.get)
                        for lam in comb:
                            comb[lam][idx[id(r)]] = _fit_plus(r, d, lam)
                reads[f"{fname} [{label}]"] = out
                if fname in ("luma", "luma + chroma (unmixed)"):
                    for lam, c in comb.items():
                        reads[f"fit + {lam} x {fname} [{label}]"] = c
        del order
        for lam in (0.05, 0.1, 0.25):
            for rounds in (1, 2):
                reads[f"fit + {lam} x luma + chroma [self, {rounds} rounds]"] = _self_em(
                    g, sheets, idx, ("od_core", "od_beside", "cb", "cr"), lam, rounds
                )
        if all("cb_w3.0" in r for r in g):
            _lda(g, sheets, idx, reads)
        ctxs = ("none", "own", "other")
        head = f"{'reading':48} {'right':>6} " + " ".join(f"{c:>11}" for c in ctxs)
        print(head)
        for name, rd in reads.items():
            right = [rd[i] == r["truth"] for i, r in enumerate(g)]
            per = []
            for c in ctxs:
                sel = [i for i, r in enumerate(g) if r["ctx"] == c]
                per.append(f"{sum(right[i] for i in sel):>5}/{len(sel):<5}")
            print(f"{name:48} {sum(right):>6} " + " ".join(per))
        for name in (
            "fit",
            "luma [oracle]",
            "chroma (unmixed) [oracle]",
            "luma + chroma (unmixed) [oracle]",
            "final",
        ):
            if name not in reads:
                continue
            rd = reads[name]
            pairs = Counter((r["truth"], rd[i]) for i, r in enumerate(g) if rd[i] != r["truth"])
            print(
                f"  {name}: truth->read "
                + ", ".join(f"{a}->{b} {c}" for (a, b), c in pairs.most_common(pairs_n))
            )
        # The fit's margin when right and when wrong.
        right_m = sorted(r["margin"] for r in g if r["fit"] == r["truth"])
        wrong_m = sorted(r["margin"] for r in g if r["fit"] != r["truth"])

        def q(a):
            return [round(a[int(p * (len(a) - 1))], 2) for p in (0.1, 0.5, 0.9)] if a else []

        print(
            f"  fit margin right p10/50/90 {q(right_m)}  wrong {q(wrong_m)}; wrong by >=3: "
            f"{sum(m >= 3 for m in wrong_m)}"
        )
        top2 = sum(
            1
            for r in g
            if str(r["truth"]) in sorted(r["loglik"], key=lambda k, r=r: -r["loglik"][k])[:2]
        )
        print(f"  truth among the fit's two best: {top2} of {n}")
        for name in ("fit", "final", "fit + 0.25 x every feature [oracle]"):
            if name not in reads:
                continue
            per = sorted(
                sum(reads[name][idx[id(r)]] != r["truth"] for r in s) for s in sheets.values()
            )
            print(
                f"  {name}: wrong pieces a sheet, min / median / max {per[0]} / "
                f"{per[len(per) // 2]} / {per[-1]}; sheets with none {per.count(0)}"
            )
        if all("keys_lab" in r for r in g):
            _by_pair(g, reads)
        # Each key's features on the sheets (median over sheets of the key's median).
        for k in sorted({r["truth"] for r in g}):
            med = defaultdict(list)
            for s in sheets.values():
                ks = [r for r in s if r["truth"] == k]
                if len(ks) >= 2:
                    for f in ("od_core", "od_beside", "cb", "cr"):
                        v = [r[f] for r in ks if r[f] is not None]
                        if v:
                            med[f].append(float(np.median(v)))
            print(f"  key {k}: " + " ".join(f"{f} {np.median(v):.2f}" for f, v in med.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
