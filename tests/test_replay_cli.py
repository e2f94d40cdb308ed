"""`omaha-fast replay` at its edges: files of skipped hands, hands with nothing to check,
other card rooms' files."""

from __future__ import annotations

from omaha_fast.cli import main
from omaha_fast.history import pokerstars, sites

HOLDEM = """PokerStars Hand #{id}:  Hold'em No Limit ($0.01/$0.02 USD) - 2009/11/26 10:37:39 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: ann ($1 in chips)
Seat 2: bob ($2 in chips)
ann: posts small blind $0.01
bob: posts big blind $0.02
*** HOLE CARDS ***
ann: folds
Uncalled bet ($0.01) returned to bob
bob collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0
"""


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_skipped_hands_do_not_make_the_file_be_read_again(tmp_path, capsys, monkeypatch):
    # the file's lines are split a fixed number of times, not once per skipped hand (which
    # made a file of 4,000 skipped hands take minutes); see benches/bench_sites.py
    calls = []
    real = pokerstars.text_lines

    def counting(text: str) -> list[str]:
        calls.append(len(text))
        return real(text)
    monkeypatch.setattr(pokerstars, "text_lines", counting)
    monkeypatch.setattr(sites, "text_lines", counting)
    path = tmp_path / "holdem.txt"
    for hands in (3, 30):
        calls.clear()
        path.write_text("\n".join(HOLDEM.format(id=k) for k in range(hands)))
        run(capsys, "replay", str(path))
        assert len(calls) <= 3, (hands, len(calls))
