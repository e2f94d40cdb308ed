"""The range syntax, rule by rule: hand counts derived by hand (formulas in the comments)
and membership checked against an independent brute-force matcher written here.

The matcher here shares nothing with the package's: it parses a pattern on its own, then,
for a hand, tries every way of giving the four cards to the four terms and every value of
every variable (the C core instead filters with a matching table and binds variables
while it backtracks).
"""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest

from omaha_fast import Range, RangeError
from omaha_fast.cards import parse_cards
from omaha_fast.ranges import hand_classes, universe

RANKS = "23456789TJQKA"
SUITS = "cdhs"
ORDER = "AKQJT98765432"
MACRO_RANKS = {"B": "AKQJ", "R": "AKQJT", "M": "T987", "Z": "65432", "L": "A2345678",
               "W": "A2345", "N": "KQJT9", "F": "KQJ"}


# ---- the independent matcher ------------------------------------------------------------

def parse_pattern(text):
    """[(ranks or var letter, suits or var letter)], padded to four, and the macros."""
    terms, macros, i = [], [], 0
    while i < len(text):
        c = text[i]
        if c == "$" and text[i + 1] in MACRO_RANKS:
            rank, i = {RANKS.index(r) for r in MACRO_RANKS[text[i + 1]]}, i + 2
        elif c == "$":
            macros.append(text[i + 1:i + 3])
            i += 3
            continue
        elif c == "[":
            end = text.index("]", i)
            rank = set()
            for part in text[i + 1:end].split(","):
                a, _, b = part.partition("-")
                lo, hi = sorted((ORDER.index(a), ORDER.index(b or a)))
                rank |= {RANKS.index(ORDER[k]) for k in range(lo, hi + 1)}
            i = end + 1
        elif c == "*":
            rank, i = set(range(13)), i + 1
        elif c in RANKS:
            rank, i = {RANKS.index(c)}, i + 1
        elif c.isupper():
            rank, i = c, i + 1
        else:
            rank = set(range(13))
        suit = set(range(4))
        if i < len(text) and text[i] in SUITS:
            suit, i = {SUITS.index(text[i])}, i + 1
        elif i < len(text) and text[i] in "wxyz":
            suit, i = text[i], i + 1
        terms.append((rank, suit))
    while len(terms) < 4:
        terms.append((set(range(13)), set(range(4))))
    return terms, macros


def shape_ok(hand, macro):
    suits = sorted((sum(1 for c in hand if c % 4 == s) for s in range(4)), reverse=True)
    ranks = [c // 4 for c in hand]
    return {"ds": suits[:2] == [2, 2], "ss": suits[:3] == [2, 1, 1],
            "rb": suits == [1, 1, 1, 1], "np": len(set(ranks)) == 4}[macro]


def matches(pattern, hand):
    """Try every order of the hand's cards against the terms; in each, a variable takes
    the value of the first card given to it and must keep it, differ from the other
    variables' values and from every explicit rank or suit of the pattern."""
    terms, macros = pattern
    if not all(shape_ok(hand, m) for m in macros):
        return False
    fixed_r = {next(iter(r)) for r, _ in terms if isinstance(r, set) and len(r) == 1}
    fixed_s = {next(iter(s)) for _, s in terms if isinstance(s, set) and len(s) == 1}
    def fits(part, value, bind, fixed):
        if isinstance(part, set):
            return value in part
        if part in bind:
            return bind[part] == value
        if value in fixed or value in bind.values():
            return False
        bind[part] = value
        return True

    for order in itertools.permutations(hand):
        rbind, sbind = {}, {}
        if all(fits(r, c // 4, rbind, fixed_r) and fits(s, c % 4, sbind, fixed_s)
               for (r, s), c in zip(terms, order)):
            return True
    return False


@pytest.fixture(scope="module")
def sample_hands():
    rng = np.random.default_rng(8)
    picks = rng.choice(len(universe()), size=700, replace=False)
    return [tuple(int(c) for c in universe()[i]) for i in picks]


# hands with aces, pairs, suits and wheel cards, so that narrow patterns meet matches too
@pytest.fixture(scope="module")
def rich_hands():
    rng = np.random.default_rng(9)
    u = universe()
    ranks = u // 4
    rich = np.flatnonzero(((ranks == 12).sum(1) >= 1) | (ranks[:, 0] == ranks[:, 1]))
    picks = rng.choice(rich, size=700, replace=False)
    return [tuple(int(c) for c in u[i]) for i in picks]


PATTERNS = ["AA", "AK", "AKs", "AsKs", "AARR", "RROO", "RRR", "ssxx", "xxyy", "xyz", "Rs",
            "AsR", "RsOsNs", "A2$L$L", "$W$W$W", "[A-T][A-T]", "[2-5]x[2-5]x", "[A,2-5]Rx",
            "AxKx", "Kw", "$F$F", "$B$Z", "$M$N", "AA$ds", "RR$np", "Jsx", "*s*h", "TT9"]


@pytest.mark.parametrize("pattern", PATTERNS)
def test_membership_agrees_with_brute_force(pattern, sample_hands, rich_hands):
    r = Range(pattern)
    parsed = parse_pattern(pattern)
    for hand in sample_hands + rich_hands:
        assert (hand in r) == matches(parsed, hand), (pattern, hand)


def full_count(pattern):
    """Exact count over all 270,725 hands by the independent matcher, vectorised for the
    patterns without variables: every assignment of columns to terms."""
    (terms, macros) = parse_pattern(pattern)
    assert not macros and all(isinstance(r, set) and isinstance(s, set) for r, s in terms)
    u = universe()
    fits = [np.array([c // 4 in r and c % 4 in s for c in range(52)]) for r, s in terms]
    hit = np.zeros(len(u), dtype=bool)
    for order in itertools.permutations(range(4)):
        hit |= np.logical_and.reduce([fits[t][u[:, col]] for t, col in enumerate(order)])
    return int(hit.sum())


@pytest.mark.parametrize("pattern", ["AA", "AK", "AKs", "[A-T][A-T]", "$W$W$W", "A2$L$L",
                                     "*s*h", "[A-5]", "TT9", "AsKdQhJc"])
def test_full_counts_agree_with_brute_force(pattern):
    assert len(Range(pattern)) == full_count(pattern)


# counts derived by hand
C = comb
HAND_COUNTS = {
    "*": C(52, 4),                                           # 270,725
    "AA": C(4, 2) * C(48, 2) + C(4, 3) * 48 + 1,             # 6,961: at least two aces
    "$ds": C(4, 2) * C(13, 2) ** 2,                          # 36,504: suits 2-2
    "$ss": 4 * C(13, 2) * C(3, 2) * 13 * 13,                 # 158,184: suits 2-1-1
    "$rb": 13 ** 4,                                          # 28,561
    "$np": C(13, 4) * 4 ** 4,                                # 183,040: four ranks
    "xxyy": C(4, 2) * C(13, 2) ** 2,                         # = $ds
    "ssxx": C(13, 2) * 3 * C(13, 2),                         # 18,252: x is not spades
    "AARR": C(4, 2) * 12 * C(4, 2),                          # 432: R is not an ace
    "RROO": C(13, 2) * C(4, 2) ** 2,                         # 2,808: two pairs
    "RR": C(52, 4) - C(13, 4) * 4 ** 4,                      # 87,685: some pair
    "JJ!JJJ": C(4, 2) * C(48, 2),                            # 6,768: exactly two jacks
    "AK": C(52, 4) - 2 * C(48, 4) + C(44, 4),                # 17,316: an ace and a king
    "AKQJ": 4 ** 4,                                          # 256
    "AsR": C(51, 3) - 1,                                     # 20,824: R is not an ace
    "RsOsNs": C(13, 3) * 39 + C(13, 4),                      # 11,869: 3+ spades
    "Rs": C(52, 4) - C(39, 4),                               # 188,474: a spade
    "[A-5]": C(52, 4) - C(12, 4),                            # ten ranks, A down to 5
    "[5-A]": C(52, 4) - C(12, 4),                            # either end first
    "[A,2-5][A,2-5][A,2-5][A,2-5]": C(20, 4),                # 4,845 wheel-card hands
    "$W$W$W$W": C(20, 4),
    "$B$B$B$B": C(16, 4), "$R$R$R$R": C(20, 4), "$M$M$M$M": C(16, 4),
    "$Z$Z$Z$Z": C(20, 4), "$L$L$L$L": C(32, 4), "$N$N$N$N": C(20, 4),
    "$F$F$F$F": C(12, 4),
    "AA:$ds": C(4, 2) * 12 * 12,                             # 864: AaBb with a, b the ace suits
    "AsKsQsJs": 1, "as ks qs js": 1,
    "AA,KK": 2 * 6961 - C(4, 2) ** 2,                        # overlap AAKK counted once
    "(AA,KK):$ds": 2 * 864 - C(4, 2),                        # AAKK ds (kings in the ace suits): 6
    "AA!AAA:$ds": 864,                                       # (AA and not AAA) and $ds
    "AA:$ds,KK:$ds": 2 * 864 - C(4, 2),
}


@pytest.mark.parametrize("text", list(HAND_COUNTS))
def test_counts_derived_by_hand(text):
    assert len(Range(text)) == HAND_COUNTS[text]


def test_operators_bind_and_read_left_to_right():
    u = np.arange(len(universe()))

    def members(text):
        return set(u[np.isin(u, np.flatnonzero(Range(text)._w))].tolist())
    aa, aaa, kk, ds = members("AA"), members("AAA"), members("KK"), members("$ds")
    assert members("AA!AAA:$ds") == (aa - aaa) & ds
    assert members("AA:$ds!AAA") == (aa & ds) - aaa
    assert members("AA,KK:$ds") == aa | (kk & ds)
    assert members("(AA,KK):$ds") == (aa | kk) & ds
    assert members("AA!(AAA,KK)") == aa - (aaa | kk)


def test_weights():
    r = Range("AA@100, KK@50, AAKK@10")
    w = dict(zip(map(tuple, r.combos.tolist()), r.weights.tolist()))
    assert w[tuple(sorted(parse_cards("AsAhKsKh")))] == 100     # the highest weight wins
    assert w[tuple(sorted(parse_cards("KsKh2c3d")))] == 50
    assert len(r) == len(Range("AA,KK"))
    assert not Range("AA,KK").weighted and r.weighted
    assert set(Range("(AA,KK)@20").weights.tolist()) == {20}


@pytest.mark.parametrize("text, position, words", [
    ("AA,KK@50", 1, "has no weight"),
    ("AA@50,KK", 7, "has no weight"),
    ("AA@0", 4, "not in 1..100"),
    ("AA@101", 4, "not in 1..100"),
    ("AA@", 4, "expected a number"),
    ("AAKKQ", 5, "at most four cards"),
    ("AA:", 4, "ends where a hand pattern"),
    ("[A-T", 1, "never closed"),
    ("[A-X]", 4, "expected a rank"),
    ("$qq", 1, "unknown macro"),
    ("(AA", 1, "never closed"),
    ("AA)", 3, "')' without '('"),
    ("", 1, "empty range"),
    ("   ", 4, "empty range"),
    ("15%-10%", 1, "is empty"),
    ("101%", 1, "not in 0..100"),
    ("AA#", 3, "unexpected '#'"),
    ("(AA@10,KK@5)", 4, "weights go after ')'"),
    ("A A,", 5, "ends where a hand pattern"),
])
def test_errors_name_position_and_problem(text, position, words):
    with pytest.raises(RangeError) as err:
        Range(text)
    message = str(err.value)
    assert message.startswith(f"position {position}:"), message
    assert words in message, message
    assert isinstance(err.value, ValueError)


def test_range_of_one_hand_and_case():
    r = Range("As2s3h4h")
    assert len(r) == 1 and "4h3h2sAs" in r and "As2s3h4d" not in r
    assert Range("as2s3h4h") == r


def test_set_operations_and_card_removal():
    aa, kk = Range("AA"), Range("KK")
    assert len(aa | kk) == HAND_COUNTS["AA,KK"]
    assert len(aa & kk) == C(4, 2) ** 2
    assert len(aa - kk) == 6961 - 36
    assert (aa | "KK") == Range("AA,KK")
    live = aa.without("AhKd")
    assert len(live) == C(3, 2) * C(47, 2) + 47              # three aces and 47 others left
    assert all(50 not in row and 45 not in row for row in live.combos.tolist())
    assert aa.without("") is aa


def test_combos_sorted_rows_in_universe_order():
    r = Range("AA:$ds")
    c = r.combos
    assert c.dtype == np.uint8 and c.shape == (864, 4)
    assert (np.diff(c.astype(int), axis=1) > 0).all()
    assert r.weights.tolist() == [1] * 864


def canonical(hand):
    best = None
    for perm in itertools.permutations(range(4)):
        key = tuple(sorted(c // 4 * 4 + perm[c % 4] for c in hand))
        best = key if best is None or key < best else best
    return best


@pytest.mark.parametrize("text", ["AA", "AA:$ds", "RROO", "A2$L$L"])
def test_canonical_classes_brute_force(text):
    r = Range(text)
    assert r.canonical_classes == len({canonical(h) for h in r.combos.tolist()})


def test_class_count_and_sizes():
    classes, n = hand_classes()
    assert n == 16432
    sizes = np.bincount(classes)
    assert sizes.sum() == C(52, 4) and all(24 % k == 0 for k in set(sizes.tolist()))
    assert sizes[classes[-1]] == 1          # the last hand of the universe: four aces


@pytest.mark.parametrize("game", ["hilo", "high"])
@pytest.mark.parametrize("pct", [1, 5, 15, 50, 99])
def test_percent_takes_whole_classes_by_share_above(game, pct):
    from omaha_fast.ranges import _share_above
    above = _share_above(game)
    r = Range(f"{pct}%", game=game)
    inside = r._w > 0
    assert (above[inside] < pct / 100).all() and (above[~inside] >= pct / 100).all()
    assert abs(len(r) / C(52, 4) - pct / 100) <= 24 / C(52, 4)
    classes, _ = hand_classes()
    assert len(set(classes[inside].tolist()) & set(classes[~inside].tolist())) == 0
    assert len(Range("100%", game=game)) == C(52, 4) and len(Range("0%", game=game)) == 0


def test_percent_spans_and_games():
    top10, top5 = Range("10%"), Range("5%")
    assert Range("5%-10%") == top10 - top5
    assert "AhAs2h3s" in Range("2%") and "AsAhKsKh" in Range("2%", game="high")
    assert "2c3d7h9s" not in Range("50%")
    assert Range("15%") != Range("15%", game="high")
