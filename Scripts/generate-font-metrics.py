#!/usr/bin/env python3
"""Derive Ninefold's font-metrics table from Inter (SIL OFL), a free font close to SF Pro,
and fit it to Interface Builder's saved label sizes.

Run: `apt-get install fonts-inter && pip install fonttools`, then
`python3 Scripts/generate-font-metrics.py > Sources/NinefoldLayout/Text/InterMetricsTable.swift`.
`--report` prints, instead, the model's residual at every calibration point; `--diagnose` the mean
unrounded residual per size and weight and the in-sample ceiling of per-glyph corrections;
`--learning-curve` the held-back share when the model is fitted on a part of the training rows;
`--validate` the widths of the validation rows (text-validation.csv), which are never fitted on.

The model (Documentation/FontMetrics.md): one line of text is
    Σ [(1 − α) (text advance + kerning) / textEm + α (display advance + kerning) / displayEm
       + correction(character)] × size × scale(weight) + tracking(size) × characters,
    α = blend(weight) × ramp(size),
rounded up to the pixel (labels, configured buttons' titles) or to the point (classic buttons). The per-character corrections are
ridge least squares on what the per-weight numbers leave over, their weight chosen by
cross-validation on the training rows (`--cross-validate`). Advances and kerning come from
Inter's static text and display instances; ramp(size) goes from 0 at 20 pt to 1 at 28 pt; tracking
is Apple's published SF Pro table; scale and blend are the two numbers per weight fitted here,
on the calibration set's training rows only (the `eval` rows are held back for
Tests/NinefoldLayoutTests/TextCalibrationTests.swift). The generated Swift file is committed;
the font is not. Re-running the script reproduces the file byte for byte.
"""
import csv
import math
import os
import sys
from fontTools.ttLib import TTFont

FONT_DIR = "/usr/share/fonts/opentype/inter/"
CALIBRATION = os.path.join(os.path.dirname(__file__), "..", "Tests", "NinefoldLayoutTests",
                           "Calibration", "text-calibration.csv")
# Rows never fitted on, read only by `--validate` (Documentation/FontMetrics.md, "Validation rows").
VALIDATION = os.path.join(os.path.dirname(CALIBRATION), "text-validation.csv")
# UIFont.Weight -> Inter's static instance.
WEIGHTS = [("ultraLight", "Inter-Thin"), ("thin", "Inter-ExtraLight"), ("light", "Inter-Light"),
           ("regular", "Inter-Regular"), ("medium", "Inter-Medium"), ("semibold", "Inter-SemiBold"),
           ("bold", "Inter-Bold"), ("heavy", "Inter-ExtraBold"), ("black", "Inter-Black")]
CODEPOINTS = list(range(0x20, 0x7F)) + list(range(0xA0, 0x100))
# Kerning is kept between printable ASCII characters only: pairs with accented letters are rare
# in interface text and would quadruple the table.
KERNED = list(range(0x20, 0x7F))
# The optical-size ramp: SF Pro Text below 20 pt, Display from 20 pt, with the variable font's
# transition running up to 28 pt (WWDC 2020, "The details of UI typography"). Fixed, not fitted:
# a scan of 21-28 pt on the training rows flipped between 23 and 28 on a single row's margin
# (Documentation/FontMetrics.md, "Text/Display optical size").
RAMP_START, RAMP_END = 20.0, 28.0
# SF Pro's tracking in 1/1000 em per point size, from Apple's Human Interface Guidelines,
# Typography > Specifications > Tracking values (iOS, iPadOS). Sizes 6-19 are SF Pro Text's,
# 20 and up SF Pro Display's: this is where the optical-size switch at 20 pt shows up in widths.
# Beyond 36 pt the 36-pt value is held (documented in FontMetrics.md).
# The one exception is 17 pt: the HIG table says -26, but Apple's design resources (the iOS UI
# kit's text styles, quoted as Flutter's Cupertino defaults in flutter/flutter
# packages/flutter/lib/src/cupertino/text_theme.dart, "Values derived from
# https://developer.apple.com/design/resources/": 17 pt, letterSpacing -0.41) give -0.41 pt, which
# is -24/1000 em (-0.408 pt) to the table's precision. At every other size the two sources agree
# (16 pt -0.32 = -20, 15 pt -0.24 = -16, 13 pt -0.08 = -6, 11 pt 0.07 = +6), and IB's 17-pt
# widths side with the design resources (Documentation/FontMetrics.md, "Tracking").
TRACKING = {6: 41, 7: 34, 8: 26, 9: 19, 10: 12, 11: 6, 12: 0, 13: -6, 14: -11, 15: -16, 16: -20,
            17: -24, 18: -25, 19: -24, 20: -23, 21: -18, 22: -12, 23: -4, 24: 3, 25: 6, 26: 8,
            27: 11, 28: 14, 29: 14, 30: 14, 31: 13, 32: 13, 33: 12, 34: 12, 35: 11, 36: 10}


def kerning_pairs(font, cmap):
    """Pair adjustments of the default `kern` feature (GPOS type 2), in font units, between
    the table's code points. Within a lookup the first matching subtable wins; lookups add."""
    gpos = font["GPOS"].table
    lookups = sorted({i for record in gpos.FeatureList.FeatureRecord
                      if record.FeatureTag == "kern" for i in record.Feature.LookupListIndex})
    glyph_of = {c: cmap[c] for c in KERNED if c in cmap}
    totals = {}
    for index in lookups:
        lookup = gpos.LookupList.Lookup[index]
        subtables = [s.ExtSubTable if lookup.LookupType == 9 else s for s in lookup.SubTable]
        seen = set()
        for sub in subtables:
            if getattr(sub, "LookupType", 2) != 2:
                continue
            covered = set(sub.Coverage.glyphs)
            for first, g1 in glyph_of.items():
                if g1 not in covered:
                    continue
                for second, g2 in glyph_of.items():
                    if (first, second) in seen:
                        continue
                    value = pair_value(sub, g1, g2)
                    if value is None:
                        continue
                    seen.add((first, second))
                    if value:
                        totals[(first, second)] = totals.get((first, second), 0) + value
    return {pair: v for pair, v in sorted(totals.items()) if v}


def pair_value(sub, g1, g2):
    if sub.Format == 1:
        index = sub.Coverage.glyphs.index(g1)
        for record in sub.PairSet[index].PairValueRecord:
            if record.SecondGlyph == g2:
                return getattr(record.Value1, "XAdvance", 0) or 0 if record.Value1 else 0
        return None
    class1 = sub.ClassDef1.classDefs.get(g1, 0)
    class2 = sub.ClassDef2.classDefs.get(g2, 0)
    value = sub.Class1Record[class1].Class2Record[class2].Value1
    return (getattr(value, "XAdvance", 0) or 0) if value else 0


def instance(path):
    font = TTFont(path)
    cmap = font.getBestCmap()
    hmtx = font["hmtx"]
    space = hmtx[cmap[0x20]][0]
    return {
        "font": font,
        "units": font["head"].unitsPerEm,
        "advances": {c: hmtx[cmap[c]][0] if c in cmap else space for c in CODEPOINTS},
        "fallback": round(sum(hmtx[cmap[c]][0] for c in range(ord("a"), ord("z") + 1)) / 26),
        "kerning": kerning_pairs(font, cmap),
    }


def load():
    """Per weight, Inter's text instance and its display instance (InterDisplay-*)."""
    return {weight: {"text": instance(FONT_DIR + name + ".otf"),
                     "display": instance(FONT_DIR + name.replace("Inter-", "InterDisplay-") + ".otf")}
            for weight, name in WEIGHTS}


def ramp(size):
    return min(max((size - RAMP_START) / (RAMP_END - RAMP_START), 0.0), 1.0)


def tracking(size):
    """Per-character tracking in points, interpolated between the table's whole sizes."""
    low = min(max(math.floor(size), 6), 36)
    high = min(low + 1, 36)
    fraction = min(max(size - low, 0), 1) if high != low else 0
    per_mille = TRACKING[low] + (TRACKING[high] - TRACKING[low]) * fraction
    return per_mille / 1000 * size


def em_width(text, table):
    """Advances plus kerning, in em."""
    units = 0
    previous = None
    for ch in text:
        c = ord(ch)
        units += table["advances"].get(c, table["fallback"])
        if previous is not None:
            units += table["kerning"].get((previous, c), 0)
        previous = c
    return units / table["units"]


def width(text, size, tables, numbers):
    """One line's unrounded width in points before per-glyph corrections (mirrors
    TextMetrics.width): `numbers` is the weight's (text scale, display scale, blend)."""
    text_scale, display_scale, blend = numbers
    alpha = blend * ramp(size)
    ems = ((1 - alpha) * em_width(text, tables["text"]) * text_scale
           + alpha * em_width(text, tables["display"]) * display_scale)
    return ems * size + tracking(size) * len(text)


def effective_scale(size, numbers):
    """The scale a per-glyph correction (in em) is multiplied by at `size`: the text and display
    scales blended like the advances they correct."""
    text_scale, display_scale, blend = numbers
    alpha = blend * ramp(size)
    return (1 - alpha) * text_scale + alpha * display_scale


def round_up(value, scale):
    return math.ceil(value * scale - 1e-9) / scale


def rows(path=CALIBRATION):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


# A weight is fitted only from this many training rows on: with fewer, the two numbers follow one
# word's noise (a single 9-pt heavy row asked for a heavy scale above black's, so heavy text came
# out wider than black), and the weight is interpolated like one with no row.
MIN_ROWS_PER_WEIGHT = 3


def fit(weights, data, separate_scales=True):
    """Per weight, (text scale, display scale, blend). First the one (scale, blend) with the best
    `quality` on the training points after rounding (ties: scale closest to 1, then least blend;
    scale on a 1/2000 grid in 0.95-1.05, blend in steps of 0.05); then, blend kept, the text
    scale refitted on the rows below the ramp and the display scale on the rows where it has
    begun (`split_scales`), each only from MIN_ROWS_PER_WEIGHT rows on. A weight with fewer than
    MIN_ROWS_PER_WEIGHT training points interpolates the three numbers linearly (by weight rank)
    between the nearest fitted weights on either side, or takes the nearest one's beyond the
    fitted range; this keeps widths growing with weight."""
    fitted = {}
    for weight, _ in WEIGHTS:
        points = [Term(r, weights) for r in data if r["split"] == "train" and r["weight"] == weight]
        if len(points) < MIN_ROWS_PER_WEIGHT:
            continue
        best = None
        for blend_step in range(21):
            blend = blend_step / 20
            for step in range(-100, 101):
                scale = 1 + step / 2000
                residuals = [p.residual(scale, blend) for p in points]
                key = (quality(residuals), abs(step), blend_step)
                if best is None or key < best[0]:
                    best = (key, scale, blend)
        fitted[weight] = (best[1], best[2])
    train = [r for r in data if r["split"] == "train"]
    fitted = (split_scales(weights, fitted, train) if separate_scales
              else {weight: (scale, scale, blend) for weight, (scale, blend) in fitted.items()})
    order = [w for w, _ in WEIGHTS]
    result = {}
    for index, weight in enumerate(order):
        if weight in fitted:
            result[weight] = fitted[weight]
            continue
        lower = [w for w in fitted if order.index(w) < index]
        upper = [w for w in fitted if order.index(w) > index]
        if lower and upper:
            low, high = max(lower, key=order.index), min(upper, key=order.index)
            t = (index - order.index(low)) / (order.index(high) - order.index(low))
            text_scale, display_scale, blend = (fitted[low][i] + t * (fitted[high][i] - fitted[low][i])
                                                for i in range(3))
            # Snapped to the search's grids, so the table holds the same kind of numbers.
            result[weight] = (1 + round((text_scale - 1) * 2000) / 2000,
                              1 + round((display_scale - 1) * 2000) / 2000, round(blend * 20) / 20)
        else:
            nearest = min(fitted, key=lambda w: abs(order.index(w) - index))
            result[weight] = fitted[nearest]
    return result


def quality(residuals):
    """How well a candidate fits, smaller is better: first the points more than 2 pt off (the
    issue allows none), then the points not within 0.5 pt, then the summed absolute residual."""
    return (sum(abs(x) > 2 + 1e-9 for x in residuals), -sum(abs(x) <= 0.5 + 1e-9 for x in residuals),
            round(sum(abs(x) for x in residuals), 9))


class Term:
    """One training row with its size-independent parts precomputed, so that the fit's grid
    search only multiplies: width = ((1 - a) text + a display) size scale + tracking."""
    def __init__(self, row, weights):
        self.size = float(row["size"])
        self.text = em_width(row["text"], weights[row["weight"]]["text"])
        self.display = em_width(row["text"], weights[row["weight"]]["display"])
        self.tracking = tracking(self.size) * len(row["text"])
        self.ramp = ramp(self.size)
        self.pixel = 1.0 if row["kind"] == "button" else float(row["scale"])
        self.target = float(row["ib_width"])

    def residual(self, scale, blend):
        alpha = blend * self.ramp
        raw = ((1 - alpha) * self.text + alpha * self.display) * self.size * scale + self.tracking
        return round_up(raw, self.pixel) - self.target


def predict(row, weights, numbers):
    """(width, height) as Ninefold reports the row's control, before per-glyph corrections:
    labels and configured buttons' titles round up to the pixel of the canvas, classic buttons to
    whole points with 6-pt insets above and below the title."""
    size = float(row["size"])
    raw = width(row["text"], size, weights[row["weight"]], numbers)
    line = size * 1.193
    if row["kind"] == "button":
        return round_up(raw, 1), round_up(line, 1) + 12
    pixel = float(row["scale"])
    return round_up(raw, pixel), round_up(line, pixel)


def report(weights, fitted, corrections, data):
    for r in data:
        h = predict(r, weights, fitted[r["weight"]])[1]
        w = corrected_width(r, weights, fitted, corrections)
        # An empty ib_height marks a width-only row: the label's height was set by constraints.
        height = f'{h - float(r["ib_height"]):+.1f}' if r["ib_height"] else "-"
        print(f'{r["split"]:5} {r["kind"]:6} {r["text"]:18} {r["size"]:>4} {r["weight"]:9} IB {r["ib_width"]:>6} x {r["ib_height"] or "-":>4}'
              f' model {w:6} x {h:5} residual {w - float(r["ib_width"]):+.1f} / {height}')
    print("fitted (text scale, display scale, blend):", fitted, "ramp end:", RAMP_END)
    print("glyph corrections (em):", corrections)


# Cross-validation (`--cross-validate`): the model's alternatives are compared on the training
# rows only, never on the held-back ones. Training rows are dealt to FOLDS folds by their position
# among the training rows (the i-th training row goes to fold i mod FOLDS), so the folds are fixed
# before any residual is seen. Each alternative is fitted on four folds, ramp end included, and
# scored on the fifth.
FOLDS = 5
# Ridge weights tried for per-glyph corrections: λ in the normal equations (AᵀA + λI)δ = Aᵀy,
# where A holds point sizes × scale per occurrence of a character, so λ is in points².
RIDGE_WEIGHTS = [10, 100, 1000, 10000, 100000]
# The ridge weight of the per-glyph corrections the table carries: the one cross-validation picks
# by `quality`'s order, fewest widths beyond 2 pt first (`--cross-validate` on the 172-row set
# with separate scales and 17-pt tracking -24: 8 beyond 2 pt, 82 within 0.5 pt; λ = 100 000 has
# 9 and 93). Documentation/FontMetrics.md, "Fit and figures".
GLYPH_RIDGE = 10000
# Corrections are rounded to this many decimals of an em (at 55 pt, 1e-7 em is 0.0000055 pt), so
# the generated table and the report use the same numbers.
GLYPH_DECIMALS = 7


def label_pixel(row):
    """The grid a control's width rounds up to: whole points for classic buttons, pixels for
    labels and configured buttons' titles."""
    return 1.0 if row["kind"] == "button" else float(row["scale"])


def folds(train):
    """The fixed folds: (fitting rows, scored rows) for each of the FOLDS folds."""
    return [([r for i, r in enumerate(train) if i % FOLDS != k],
             [r for i, r in enumerate(train) if i % FOLDS == k]) for k in range(FOLDS)]


def solve(matrix, vector):
    """Solves a small symmetric positive-definite system by Gaussian elimination with partial
    pivoting (no numerical library needed for a few dozen unknowns)."""
    n = len(vector)
    a = [list(matrix[i]) + [vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda i: abs(a[i][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for i in range(col + 1, n):
            factor = a[i][col] / a[col][col]
            for j in range(col, n + 1):
                a[i][j] -= factor * a[col][j]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (a[i][n] - sum(a[i][j] * x[j] for j in range(i + 1, n))) / a[i][i]
    return x


def glyph_corrections(weights, fitted, rows, ridge):
    """Per-character additive advances (em), least squares with ridge weight `ridge`, fitted to
    what the per-weight model leaves over. The target is IB's width less half its rounding step
    (IB rounds up, so the unrounded width lies on average half a step below the saved one)."""
    chars = sorted({c for r in rows for c in r["text"]})
    index = {c: i for i, c in enumerate(chars)}
    normal = [[0.0] * len(chars) for _ in chars]
    right = [0.0] * len(chars)
    for r in rows:
        numbers = fitted[r["weight"]]
        size = float(r["size"])
        counts = {}
        for c in r["text"]:
            counts[index[c]] = counts.get(index[c], 0) + size * effective_scale(size, numbers)
        target = (float(r["ib_width"]) - 0.5 / label_pixel(r)
                  - width(r["text"], size, weights[r["weight"]], numbers))
        for i, a in counts.items():
            right[i] += a * target
            for j, b in counts.items():
                normal[i][j] += a * b
    for i in range(len(chars)):
        normal[i][i] += ridge
    return {c: round(v, GLYPH_DECIMALS) for c, v in zip(chars, solve(normal, right))}


def split_scales(weights, fitted, rows):
    """Separate text and display scales per weight: the text scale refitted on the rows below
    the ramp (where only Inter's text design counts), then the display scale on the rows where
    the ramp has begun, the blend kept; each from MIN_ROWS_PER_WEIGHT rows on, else the one
    scale. Returns {weight: (text scale, display scale, blend)}."""
    result = {}
    for weight, (scale, blend) in fitted.items():
        text_rows = [r for r in rows if r["weight"] == weight and ramp(float(r["size"])) == 0]
        display_rows = [r for r in rows if r["weight"] == weight and ramp(float(r["size"])) > 0]
        text_scale = (best_scale(weights, text_rows, lambda s: (s, scale, blend))
                      if len(text_rows) >= MIN_ROWS_PER_WEIGHT else scale)
        display_scale = (best_scale(weights, display_rows, lambda s: (text_scale, s, blend))
                         if len(display_rows) >= MIN_ROWS_PER_WEIGHT else scale)
        result[weight] = (text_scale, display_scale, blend)
    return result


def best_scale(weights, rows, numbers):
    """The scale on fit's grid with the best `quality` for `rows`; `numbers(s)` gives the
    (text scale, display scale, blend) a candidate s stands for. Ties go to the scale closest to 1."""
    best = None
    for step in range(-100, 101):
        candidate = 1 + step / 2000
        key = (quality([predict(r, weights, numbers(candidate))[0] - float(r["ib_width"])
                        for r in rows]), abs(step))
        if best is None or key < best[0]:
            best = (key, candidate)
    return best[1]


def corrected_unrounded_width(row, weights, fitted, corrections):
    """A row's width before rounding, per-glyph corrections added to the per-weight model."""
    numbers = fitted[row["weight"]]
    size = float(row["size"])
    extra = sum(corrections.get(c, 0.0) for c in row["text"]) * size * effective_scale(size, numbers)
    return width(row["text"], size, weights[row["weight"]], numbers) + extra


def corrected_width(row, weights, fitted, corrections):
    """A row's rounded width with per-glyph corrections added to the per-weight model."""
    return round_up(corrected_unrounded_width(row, weights, fitted, corrections), label_pixel(row))


def tally(residuals):
    """(widths within 0.5 pt, widths beyond 2 pt)."""
    return (sum(abs(x) <= 0.5 + 1e-9 for x in residuals), sum(abs(x) > 2 + 1e-9 for x in residuals))


def cross_validate(weights, data):
    """Scores each alternative by FOLDS-fold cross-validation on the training rows and prints
    the table Documentation/FontMetrics.md quotes; the held-back rows are not read."""
    train = [dict(r) for r in data if r["split"] == "train"]
    names = ["one scale per weight", "separate text and display scales",
             f"one scale per weight + per-glyph corrections, ridge {GLYPH_RIDGE:g}"]
    names += [f"separate scales + per-glyph corrections, ridge {ridge:g}" for ridge in RIDGE_WEIGHTS]
    residuals = {name: [] for name in names}
    for fitting, scored in folds(train):
        single = fit(weights, fitting, separate_scales=False)
        separate = fit(weights, fitting)
        residuals[names[0]] += [predict(r, weights, single[r["weight"]])[0] - float(r["ib_width"])
                                for r in scored]
        residuals[names[1]] += [predict(r, weights, separate[r["weight"]])[0] - float(r["ib_width"])
                                for r in scored]
        corrections = glyph_corrections(weights, single, fitting, GLYPH_RIDGE)
        residuals[names[2]] += [corrected_width(r, weights, single, corrections) - float(r["ib_width"])
                                for r in scored]
        for name, ridge in zip(names[3:], RIDGE_WEIGHTS):
            corrections = glyph_corrections(weights, separate, fitting, ridge)
            residuals[name] += [corrected_width(r, weights, separate, corrections) - float(r["ib_width"])
                                for r in scored]
    print(f"{FOLDS}-fold cross-validation on {len(train)} training rows")
    for name in names:
        within, beyond = tally(residuals[name])
        print(f"{name:55} within 0.5 pt {within:3}   beyond 2 pt {beyond:2}")


def emit_instance(out, name, table):
    advances = [table["advances"][c] for c in CODEPOINTS]
    out.append(f"    static let {name}: [UInt16] = [")
    for start in range(0, len(advances), 16):
        out.append("        " + ", ".join(str(a) for a in advances[start:start + 16]) + ",")
    out.append("    ]")
    out.append(f"    static let {name}Fallback: UInt16 = {table['fallback']}")
    pairs = [f"{a:x} {b:x} {v}" for (a, b), v in table["kerning"].items()]
    out.append(f"    static let {name}Kerning = \"\"\"")
    for start in range(0, len(pairs), 12):
        out.append("        " + ",".join(pairs[start:start + 12]) + ("," if start + 12 < len(pairs) else ""))
    out.append("        \"\"\"")


def emit(weights, fitted, corrections):
    out = ["// Generated by Scripts/generate-font-metrics.py from Inter (SIL Open Font License) and",
           "// Tests/NinefoldLayoutTests/Calibration/text-calibration.csv. Do not edit.",
           "// Advance widths in font units for U+0020–U+007E and U+00A0–U+00FF, per weight, of Inter's",
           "// text and display instances; kerning pairs between ASCII characters as \"first second",
           "// adjustment\" (hexadecimal code points, font units); the fitted scale and display blend;",
           "// per-character corrections in em.", "",
           "enum InterMetricsTable {"]
    for weight, _ in WEIGHTS:
        emit_instance(out, weight, weights[weight]["text"])
        emit_instance(out, weight + "Display", weights[weight]["display"])
        text_scale, display_scale, blend = fitted[weight]
        out.append(f"    static let {weight}TextScale: Double = {text_scale!r}")
        out.append(f"    static let {weight}DisplayScale: Double = {display_scale!r}")
        out.append(f"    static let {weight}DisplayBlend: Double = {blend!r}")
    text = weights["regular"]["text"]
    out.append(f"    static let unitsPerEm: Double = {text['units']}")
    out.append(f"    static let displayUnitsPerEm: Double = {weights['regular']['display']['units']}")
    out.append(f"    static let ascender: Double = {text['font']['hhea'].ascent}")
    out.append(f"    static let descender: Double = {-text['font']['hhea'].descent}")
    out.append(f"    static let lineGap: Double = {text['font']['hhea'].lineGap}")
    out.append(f"    /// Display blend ramps from 0 at {RAMP_START:g} pt to 1 at {RAMP_END:g} pt.")
    out.append(f"    static let displayRampStart: Double = {RAMP_START}")
    out.append(f"    static let displayRampEnd: Double = {RAMP_END}")
    out.append(f"    /// Per-character additive advances in em (ridge {GLYPH_RIDGE:g}, fitted on the training rows")
    out.append("    /// after the per-weight numbers), keyed by Unicode scalar value.")
    out.append("    static let glyphCorrections: [UInt32: Double] = [")
    for c, v in sorted(corrections.items(), key=lambda item: ord(item[0])):
        out.append(f"        0x{ord(c):x}: {v!r},")
    out.append("    ]")
    out.append("    /// SF Pro tracking in 1/1000 em for 6…36 pt (Apple HIG, Typography > Tracking values).")
    out.append("    static let trackingPerMille: [Int] = [" + ", ".join(str(TRACKING[s]) for s in range(6, 37)) + "]")
    out.append("}")
    print("\n".join(out))


# The kinds of row the table is fitted on. `configured-button` rows (an iOS 15 button's title:
# its saved frame less the configuration's content insets, measured on the pixel grid like a
# label) are recorded and reported but not fitted: the three found so far, all 17-pt regular on
# 3x canvases, leave the per-weight numbers as they are and move the per-glyph corrections
# enough to take a held-back 55-pt bold width from +2.0 to +2.5 pt, past the 2-pt bound, while
# their own widths stay a third to two thirds of a point short. `--fit-configured-buttons` fits
# on them too, reproducing that comparison (Documentation/FontMetrics.md, *Fit and figures*).
def unrounded_offset(row, weights, fitted, corrections):
    """How far the model's unrounded width lies from the middle of the interval IB's saved width
    stands for (IB rounds up, so the true width is within one rounding step below it)."""
    return (corrected_unrounded_width(row, weights, fitted, corrections)
            - (float(row["ib_width"]) - 0.5 / label_pixel(row)))


# toolsVersion bands of the Interface Builder that saved a row (Xcode 8-9, 10-11, 12-13, later).
TOOLS_VERSION_BANDS = [(0, 14000), (14000, 17000), (17000, 20000), (20000, float("inf"))]


def tools_version(row):
    """The row's toolsVersion as a number; -1 where the file's is not recorded (the cookbook's)."""
    try:
        return float(row["tools_version"])
    except ValueError:
        return -1.0


def print_offsets_by_tools_version(weights, fitted, corrections, data):
    """Per toolsVersion band, the 16- and 17-pt regular labels' mean unrounded offset and the
    same per character in 1/1000 em (least squares: sum(offset x characters) / sum(characters
    squared) / size): a tracking that changed with the SDK IB renders with would show as bands
    apart (Documentation/FontMetrics.md, "Validation rows")."""
    print("size band               rows  repositories  mean offset (pt)  per character (1/1000 em)")
    for size in ("16", "17"):
        for low, high in TOOLS_VERSION_BANDS:
            group = [r for r in data if r["size"] == size and r["weight"] == "regular"
                     and r["kind"] == "label" and low <= tools_version(r) < high]
            if not group:
                continue
            offsets = [(unrounded_offset(r, weights, fitted, corrections), len(r["text"])) for r in group]
            per_character = sum(o * n for o, n in offsets) / sum(n * n for _, n in offsets)
            print(f"{size:>4} {low:>5g}-{high:<8g} {len(group):5} {len({r['repository'] for r in group}):13}"
                  f"  {sum(o for o, _ in offsets) / len(offsets):+16.2f}  {per_character / float(size) * 1000:+.1f}")


# Ridge weights for the in-sample ceiling (`--diagnose`): from practically none to practically
# no corrections at all.
CEILING_RIDGES = [0.01, 1, 100, 10000, 1e9]


def diagnose(weights, fitted, corrections, data, fitting):
    """Prints what Documentation/FontMetrics.md's "Why the held-back share stops near 75 %"
    rests on: the mean unrounded offset per split, kind, size and weight (a systematic cause
    such as a wrong tracking value or a weight's scale shows as a group mean away from 0), and
    the training rows' in-sample share within 0.5 pt with the per-glyph corrections refitted at
    each of CEILING_RIDGES (the most that per-character corrections can reach on the rows they
    are fitted to)."""
    groups = {}
    for r in data:
        key = (r["split"], r["kind"], float(r["size"]), r["weight"])
        groups.setdefault(key, []).append(unrounded_offset(r, weights, fitted, corrections))
    print("split kind              size weight     rows  mean unrounded offset (pt)")
    for key in sorted(groups):
        offsets = groups[key]
        print(f"{key[0]:5} {key[1]:17} {key[2]:4g} {key[3]:9} {len(offsets):5}  "
              f"{sum(offsets) / len(offsets):+.2f}")
    print_offsets_by_tools_version(weights, fitted, corrections, fitting + rows(VALIDATION))
    train = [r for r in fitting if r["split"] == "train"]
    for ridge in CEILING_RIDGES:
        refitted = glyph_corrections(weights, fitted, train, ridge)
        within, beyond = tally([corrected_width(r, weights, fitted, refitted) - float(r["ib_width"])
                                for r in train])
        print(f"in-sample, ridge {ridge:g}: {within} of {len(train)} training widths within 0.5 pt,"
              f" {beyond} beyond 2 pt")


# The learning curve (`--learning-curve`): would more calibration rows of the kinds the set holds
# move the held-back share? The training rows are cut into K groups by position among the training
# rows (row i goes to group i mod K), and the model (per-weight numbers and per-glyph corrections at
# GLYPH_RIDGE) is refitted on every rotation of the groups kept, then scored on the held-back rows.
# (keep, K): keep 1 of K groups, or K - 1 of K with keep = -1. The full set is the last line.
LEARNING_CURVE = [(1, 3), (1, 2), (-1, 3), (-1, 4), (-1, 6)]


def learning_curve(weights, data):
    """Prints, per share of the training rows, the held-back widths within 0.5 pt (mean, fewest and
    most over the rotations) and beyond 2 pt (mean), and the in-sample share on the rows fitted
    (mean): if the held-back
    share still rises towards the full set, more rows of the same kind would move it further;
    if it is flat, they would not."""
    train = [r for r in data if r["split"] == "train"]
    held = [r for r in data if r["split"] == "eval"]

    def score(fitting):
        fitted = fit(weights, fitting + held)
        corrections = glyph_corrections(weights, fitted, fitting, GLYPH_RIDGE)
        within, beyond = tally([corrected_width(r, weights, fitted, corrections) - float(r["ib_width"])
                                for r in held])
        own, _ = tally([corrected_width(r, weights, fitted, corrections) - float(r["ib_width"])
                        for r in fitting])
        return within, beyond, own / len(fitting)

    print(f"held back: {len(held)} rows; training: {len(train)} rows")
    print("training rows used   rotations  held back within 0.5 pt (range)  beyond 2 pt  in-sample within 0.5 pt")
    plans = [[[r for i, r in enumerate(train) if (i % k == j) == (keep == 1)] for j in range(k)]
             for keep, k in LEARNING_CURVE] + [[train]]
    for subsets in plans:
        scores = [score(s) for s in subsets]
        size = sum(len(s) for s in subsets) / len(subsets)
        within = sum(x[0] for x in scores) / len(scores)
        beyond = sum(x[1] for x in scores) / len(scores)
        own = sum(x[2] for x in scores) / len(scores)
        low, high = min(x[0] for x in scores), max(x[0] for x in scores)
        print(f"{size:17.1f}   {len(subsets):9}  {within:12.1f} ({within / len(held):4.0%}) {low:3}-{high:<3}"
              f"  {beyond:11.1f}  {own:17.0%}")


def validate(weights, fitted, corrections):
    """Measures the validation rows (VALIDATION) with the table as fitted on the calibration set,
    which never reads them: each row's residual, then the widths within 0.5 pt and beyond 2 pt
    and the mean unrounded offset (`unrounded_offset`; positive: the model is wider than IB)."""
    data = rows(VALIDATION)
    residuals = []
    for r in data:
        w = corrected_width(r, weights, fitted, corrections)
        residuals.append(w - float(r["ib_width"]))
        print(f'{r["repository"]:40} {r["element"]:10} {r["text"]:22} {r["size"]:>3} {r["weight"]:8}'
              f' IB {r["ib_width"]:>6} model {w:6} residual {w - float(r["ib_width"]):+.1f}')
    within, beyond = tally(residuals)
    mean = sum(unrounded_offset(r, weights, fitted, corrections) for r in data) / len(data)
    print(f"validation: {within} of {len(data)} widths within 0.5 pt, {beyond} beyond 2 pt;"
          f" mean unrounded offset {mean:+.2f} pt")


FITTED_KINDS = ("label", "button")


def fitted_rows(data):
    """The rows the table is fitted and cross-validated on (FITTED_KINDS)."""
    kinds = FITTED_KINDS + (("configured-button",) if "--fit-configured-buttons" in sys.argv else ())
    return [r for r in data if r["kind"] in kinds]


def main():
    weights = load()
    data = rows()
    fitting = fitted_rows(data)
    fitted = fit(weights, fitting)
    corrections = glyph_corrections(weights, fitted, [r for r in fitting if r["split"] == "train"],
                                    GLYPH_RIDGE)
    if "--cross-validate" in sys.argv:
        cross_validate(weights, fitting)
    elif "--report" in sys.argv:
        report(weights, fitted, corrections, data)
    elif "--diagnose" in sys.argv:
        diagnose(weights, fitted, corrections, data, fitting)
    elif "--learning-curve" in sys.argv:
        learning_curve(weights, fitting)
    elif "--validate" in sys.argv:
        validate(weights, fitted, corrections)
    else:
        emit(weights, fitted, corrections)


if __name__ == "__main__":
    main()
