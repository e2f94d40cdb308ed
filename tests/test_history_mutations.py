"""The verifier checks every money figure a card-room history states: each real fixture
hand, with one of its amounts changed (a cent or a chip more, or doubled) or one of its
action words changed, disagrees or is unreadable, unless the figure is one the card-rooms
guide names as unchecked (listed here with the reason). A corrupt hand is unreadable,
never skipped as another game."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Optional

import pytest

from omaha_fast.cli import main
from omaha_fast.history.record import HandRecord
from omaha_fast.history.sitehand import UnreadableHand
from omaha_fast.history.sites import decode_history, read_site, site_formats
from omaha_fast.history.sitetext import text_lines
from omaha_fast.history.verify import verify

DATA = Path(__file__).parent / "data" / "sites"
TEXT_FIXTURES = sorted(p for p in DATA.iterdir() if p.suffix == ".txt" and
                       not decode_history(p.read_bytes()).startswith("\ufeff") and
                       not p.read_bytes().startswith((b"\xff\xfe", b"\xfe\xff")))


def _header(text: str) -> str:
    """The first line of the text's first Omaha hand (the line its site knows a hand by)."""
    record = next(i for i in read_site(text, "h.txt") if isinstance(i, HandRecord))
    return text.splitlines()[record.extra["site"]["line"] - 1].lstrip("\ufeff")


@pytest.mark.parametrize("path", TEXT_FIXTURES, ids=lambda p: p.name)
def test_random_bytes_after_a_hand_header_are_an_unreadable_hand(path, tmp_path, capsys):
    header = _header(decode_history(path.read_bytes())).encode("utf-8")
    rng = random.Random(path.name)
    for _ in range(4):
        data = header + b"\n" + bytes(rng.randrange(256) for _ in range(400))
        items = read_site(decode_history(data, "h.txt"), "h.txt")
        assert items and all(isinstance(i, UnreadableHand) for i in items), items
    bad = tmp_path / "bad.txt"
    bad.write_bytes(data)
    assert main(["replay", str(bad)]) == 2
    out, err = capsys.readouterr()
    assert ": skipped (" not in out and err.startswith("omaha-fast replay: error: 1 hand could "
                                                   "not be read; the first: bad.txt: line ")


# ---------------------------------------------------------------- every figure, mutated

FIXTURES = sorted(DATA.iterdir())
# an amount a text history writes with its currency: "$1,234.50", "0.50€", "€80"
CURRENCY = re.compile(r"[$€£] ?[0-9](?:[0-9,]*[0-9])?(?:\.[0-9]+)?|(?<![0-9.,])[0-9]"
                      r"(?:[0-9,]*[0-9])?(?:\.[0-9]+)?(?: ?€)")
# an amount of chips (tournaments, play money), after the words that move them
CHIPS = re.compile(r"\b(?:posts|calls|bets|raises|(?<!Straight )to|collected|won|wins|pot|"
                   r"Pot|Rake|returned|bet|ante|blind|blinds|of|Ante|chip|result|is all-In|"
                   r"Bets|Collects|Wins):? ?[(\[]? ?(?P<figure>[0-9](?:[0-9,]*[0-9])?"
                   r"(?:\.[0-9]+)?)(?![0-9A-Za-z])")
# iPoker's amounts and action types, in the XML's attributes
XML_FIGURE = re.compile(r'\b(?:sum|win|bet|chips)="(?P<figure>[^"]*[0-9][^"]*)"')
XML_TYPE = re.compile(r'<action [^>]*\btype="(?P<figure>[0-9]+)"')
XML_TYPES = ("0", "1", "2", "3", "4", "5", "6", "7", "15", "23")
# the action words of the text sites, each with what it is changed to
KEYWORDS = {"folds": "checks", "checks": "folds", "calls": "bets", "bets": "calls",
            "Folds": "Checks", "Checks": "Folds", "Calls": "Bets", "Bets": "Calls"}
KEYWORD = re.compile(r"(?<=[: ])(?P<figure>" + "|".join(KEYWORDS) + r")\b")

# The figures the verifier does not check, with the reason the card-rooms guide gives
# ("Figures not checked"): a mutated figure inside the group "figure" of one of these
# may still agree; "plus" marks one whose doubling is still a difference.
FIXED_LIMIT = re.compile(r"(?i)fixed limit|(?<!pot )(?<!no )\blimit\b|\bFL\b")
UNCHECKED: list[tuple[re.Pattern[str], str, str]] = [
    (re.compile(r"^Seat[ +]?[0-9]{1,2}: .*?\( ?(?P<figure>[$€£]? ?[0-9][0-9., ]*(?: ?€)?)"
                r"(?: in chips| USD)? ?\)"), "",
     "a starting stack: where the replay starts, stated nowhere else in the hand"),
    (re.compile(r'<player [^>]*\bchips="(?P<figure>[^"]*)"'), "",
     "a starting stack: where the replay starts, stated nowhere else in the hand"),
    (re.compile(r"(?P<figure>[$€£]?[0-9][0-9.,]*(?: ?€)? ?\+ ?[$€£]?[0-9][0-9.,]*(?: ?€)?)|"
                r"(?P<figure2>[$€£][0-9][0-9,.]*K)\b|(?P<figure3>[$€£][0-9][0-9,.]*) Gtd|"
                r"(?P<figure4>[$€£][0-9][0-9,.]*) USD (?:Buy-in|PL|NL|FL)\b"), "",
     "a tournament's buy-in, fee or guarantee, a cash table's buy-in: no chips of the hand"),
    (re.compile(r"^Main pot(?: [0-9]+)? (?P<figure>.*)$|"
                r"^Creating (?:Main|Side) Pot with (?P<figure3>.+?) with "), "",
     "the pot so far, written as a street starts (WPN, partypoker): a running figure whose "
     "rake and runs these sites reckon their own way; the summary's pots and rake are "
     "checked (Full Tilt's, every chip put in before the street, is checked)"),
    (re.compile(r"^Pot [0-9] (?P<figure>\S+)$"), "",
     "the part of a pot each run of a hand run twice was played for (Full Tilt): each "
     "run's pays are checked"),
    (re.compile(r"(?:\$[0-9.]+|[0-9.]+€)/(?P<figure>\$[0-9.]+|[0-9.]+€)"), "limit",
     "a fixed-limit header's big bet: checked by the bets of the turn and the river, "
     "only when there are any"),
    (re.compile(r"posts (?:the )?small blind (?:of )?(?P<figure>\S+)$"), "limit",
     "a fixed-limit small blind (the header gives the bets, not it) that its player "
     "then raises over"),
    (re.compile(r"posts small blind \[(?P<figure>[$€£][0-9.,]+ USD)\]"), "",
     "a partypoker cash blind: the header gives no stakes (its amount is the table's "
     "buy-in), the posts are the stakes"),
    (re.compile(r"^\S+ collected \[ (?P<figure>[^\]]+) \]$|^\S+ wins (?:Lo |Hi )?\(?"
                r"(?P<figure2>[$€£][0-9.,]+) USD|\bwin=\"(?P<figure3>[^\"]*)\""), "plus",
     "a pay of 888poker, partypoker (without a summary) or iPoker, which write no rake: "
     "the rake is what the pays leave, so a cent more paid is a cent less rake (bounded: "
     "doubled, the pay is a difference)"),
    (re.compile(r"^\S+ (?:bets|raises) \[(?P<figure>[^\]]+)\]$"), "",
     "a bet nobody called at 888poker or partypoker, which write no uncalled-bet line: "
     "what nobody called comes back, whatever its size"),
    (re.compile(r"cashed out the hand for (?P<figure>\S+) \|"), "plus",
     "a cash out's price: the site's own reckoning of the player's equity, not written "
     "(the fee is checked as 1% of it, and it is bounded by the pots)"),
]
SAME_CHIPS = ("an action word changed so that every chip moves as before (a check turned "
              "fold by a player who loses anyway, an iPoker all-in written as a call or a "
              "raise of the same chips): the hand's money is the same")


def _verdict(text: str) -> str:
    try:
        items = read_site(text, "h.txt")
    except ValueError:
        return "unreadable"
    if len(items) != 1:
        return f"{len(items)} hands"
    [item] = items
    if isinstance(item, UnreadableHand):
        return "unreadable"
    if not isinstance(item, HandRecord):
        return "skipped"
    return verify(item).result


def _hands() -> list[tuple[str, str, str]]:
    """(fixture, hand id, text) of every Omaha hand of the fixtures that agrees."""
    out = []
    for path in FIXTURES:
        text = decode_history(path.read_bytes())
        fmt = next(f for f in site_formats() if any(f.detects(ln) for ln in
                                                     text_lines(text)))
        for _, chunk, hand_id in fmt.hands(text, path.name):
            hand = "\n".join(chunk)
            if _verdict(hand) == "agree":
                out.append((path.name, hand_id, hand))
    return out


def _more(figure: str, how: str) -> str:
    """The figure a cent or a chip more ("plus") or doubled ("twice"), written alike."""
    m = re.search(r"[0-9][0-9, ]*(?:[.,][0-9]{1,2})?(?![0-9])", figure)
    assert m is not None
    digits = m.group(0)
    decimal = re.search(r"[.,]([0-9]{1,2})$", digits)
    places = len(decimal.group(1)) if decimal else 0
    mark = digits[decimal.start()] if decimal else ""
    units = int(re.sub(r"[^0-9]", "", digits))
    units = units + 1 if how == "plus" else units * 2
    text = str(units).rjust(places + 1, "0")
    new = text[:len(text) - places] + (mark + text[len(text) - places:] if places else "")
    return figure[:m.start()] + new + figure[m.end():]


def _changed(lines: list[str], k: int, start: int, end: int, new: str) -> str:
    """The hand with line ``k``'s characters ``start:end`` replaced by ``new``."""
    line = lines[k][:start] + new + lines[k][end:]
    return "\n".join(lines[:k] + [line] + lines[k + 1:])


def _mutations(hand: str):
    """(what, line, span of the figure in the line, mutated hand) for every money
    figure of the hand (a unit more, doubled) and every action word or type."""
    lines = hand.split("\n")
    chips = not CURRENCY.search(hand)      # a hand of chips: its amounts have no symbol
    for k, line in enumerate(lines):
        found: list[tuple[tuple[int, int], str, str]] = []   # (span, new text, what)
        if line.lstrip().startswith("<"):
            for m in XML_FIGURE.finditer(line):
                found += [(m.span("figure"), _more(m.group("figure"), how),
                           f"{how} {m.group(0)}") for how in ("plus", "twice")]
            for m in XML_TYPE.finditer(line):
                found += [(m.span("figure"), other, f"type {m.group('figure')} -> {other}")
                          for other in XML_TYPES]
        else:
            for m in CURRENCY.finditer(line):
                found += [(m.span(), _more(m.group(0), how), f"{how} {m.group(0)}")
                          for how in ("plus", "twice")]
            if chips and k:
                for m in CHIPS.finditer(line):
                    found += [(m.span("figure"), _more(m.group("figure"), how),
                               f"{how} {m.group('figure')}") for how in ("plus", "twice")]
            for m in KEYWORD.finditer(line):
                word = m.group("figure")
                found.append((m.span("figure"), KEYWORDS[word], f"{word} -> {KEYWORDS[word]}"))
        for (start, end), new, what in found:
            if new != line[start:end]:
                yield what, line, (start, end), _changed(lines, k, start, end, new)


def _excused(hand: str, what: str, line: str, span: tuple[int, int],
             mutated: str) -> Optional[str]:
    """The reason a mutation that still agrees is allowed to, or None."""
    limit = bool(FIXED_LIMIT.search(hand.split("\n", 1)[0]))
    for pattern, when, reason in UNCHECKED:
        if when == "limit" and not limit or when == "plus" and not what.startswith("plus"):
            continue
        for m in pattern.finditer(line):
            for name in m.re.groupindex:
                if m.group(name) is not None and \
                        m.start(name) <= span[0] and span[1] <= m.end(name):
                    return reason
    if not what.startswith(("plus", "twice")) and _chips(hand) == _chips(mutated):
        return SAME_CHIPS
    return None


def _chips(hand: str) -> tuple[object, ...]:
    """What the hand's chips do: each player's stacks, the chips he posts, the pays."""
    [record] = read_site(hand, "h.txt")
    assert isinstance(record, HandRecord)
    return (record.stacks, record.final_stacks, sorted((p[0], p[2]) for p in record.posts),
            record.extra["site"]["collected"])


CAUGHT = ("disagree", "refused", "unreadable", "odd chip")


def _missed(fixture: str, hand_id: str, hand: str) -> list[str]:
    out = []
    for what, line, span, mutated in _mutations(hand):
        result = _verdict(mutated)
        if result not in CAUGHT and _excused(hand, what, line, span, mutated) is None:
            out.append(f"{fixture} {hand_id}: {what} [{result}]: {line.strip()[:120]}")
    return out


HANDS = _hands()
# the quick run: the first hand of each fixture and every third one; all of them under
# -m slow
FIRSTS = {f: k for k, (f, _, _) in reversed(list(enumerate(HANDS)))}
SAMPLE = [h for k, h in enumerate(HANDS) if k % 3 == 0 or FIRSTS[h[0]] == k]


def test_every_fixture_has_hands_to_mutate():
    assert {f for f, _, _ in HANDS} == {p.name for p in FIXTURES}


@pytest.mark.parametrize("fixture,hand_id,hand", SAMPLE, ids=[f"{f}-{h}" for f, h, _ in SAMPLE])
def test_every_money_figure_and_action_word_changed_is_a_difference(fixture, hand_id, hand):
    assert _missed(fixture, hand_id, hand) == []


@pytest.mark.slow
@pytest.mark.parametrize("fixture,hand_id,hand", HANDS, ids=[f"{f}-{h}" for f, h, _ in HANDS])
def test_every_hand_s_figures_and_action_words_changed_are_differences(fixture, hand_id,
                                                                       hand):
    assert _missed(fixture, hand_id, hand) == []


def test_the_unchecked_figures_are_the_guide_s():
    # each reason the test excuses a figure by is in the card-rooms guide, word for word
    guide = " ".join((Path(__file__).parents[1] / "docs" / "guides" / "card-rooms.md")
                     .read_text().split())
    for reason in [r for _, _, r in UNCHECKED] + [SAME_CHIPS]:
        assert reason in guide, reason


def test_the_gaps_once_found_are_differences_now():
    # what the verifier let through before it checked the figures beside the pays
    stars = (DATA / "pokerstars_plo8_cash.txt").read_text().split("\n\n\n")[0]
    for old, new in [("Bob: posts big blind $0.10", "Bob: posts big blind $0.20"),
                     ("Total pot $1.20 |", "Total pot $1.21 |"),
                     ("won ($0.87)", "won ($0.88)"),
                     ("Cara: calls $0.10", "Cara: bets $0.10")]:
        assert old in stars
        assert _verdict(stars.replace(old, new)) in CAUGHT, old
    cash_out = (DATA / "pokerstars_cash_out.txt").read_text().split("\n\n\n")[0]
    assert _verdict(cash_out.replace("Cash Out Fee $0.71", "Cash Out Fee $0.72")) in CAUGHT
    assert _verdict(cash_out.replace("for $70.41", "for $140.82")) in CAUGHT
