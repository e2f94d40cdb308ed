"""HandRecord.table_size (once ``seats``): JSON written before the rename still reads back
to the same record, JSON written now says ``table_size``, and the old attribute still
answers, with a deprecation warning."""

from __future__ import annotations

import json

import pytest

from omaha_fast import FixedLimit, Table
from omaha_fast.history import loads_json, replay
from omaha_fast.history.record import HandRecord, RecordError


def played_record() -> HandRecord:
    t = Table(structure=FixedLimit(10, 20), seats=5, stacks=[100, 200, None, 300], seed=4)
    h = t.start_hand()
    while not h.finished:
        h.call() if h.legal_actions().to_call else h.check()
    return HandRecord.from_hand(h)


def test_json_says_table_size_and_old_files_saying_seats_read_the_same():
    record = played_record()
    written = record.to_dict()
    assert written["table_size"] == 5 and "seats" not in written
    # the same hand as files wrote it before the rename: "seats", in the same place
    old = {("seats" if k == "table_size" else k): v for k, v in written.items()}
    [from_old] = loads_json(json.dumps(old))
    [from_new] = loads_json(json.dumps(written))
    assert from_old == from_new == record and from_old.table_size == 5
    assert "seats" not in from_old.extra      # read as the size, not kept as an extra field
    assert from_old.to_dict() == written      # and written back under the new name
    assert replay(from_old).agrees


def test_a_file_giving_both_names_must_agree():
    written = played_record().to_dict()
    [same] = loads_json(json.dumps(dict(written, seats=5)))
    assert same.table_size == 5
    with pytest.raises(RecordError, match=r"seats \(6\) and table_size \(5\) disagree"):
        loads_json(json.dumps(dict(written, seats=6)))


@pytest.mark.parametrize("key", ["seats", "table_size"])
def test_a_bad_size_is_named_as_the_file_names_it(key):
    written = played_record().to_dict()
    del written["table_size"]
    with pytest.raises(RecordError, match=f"{key} must be a table size 2..10, got 11"):
        loads_json(json.dumps(dict(written, **{key: 11})))


def test_the_record_checks_its_table_size():
    record = played_record()
    record.table_size = 1
    with pytest.raises(RecordError, match="table_size must be a table size 2..10, got 1"):
        record.validate()


def test_seats_still_answers_with_a_deprecation_warning():
    record = played_record()
    with pytest.warns(DeprecationWarning, match="use HandRecord.table_size"):
        assert record.seats == 5
    with pytest.raises(AttributeError):
        record.seats = 6                                    # read-only
