"""The percent-ranking generator and the shipped ranking data."""

from __future__ import annotations

import numpy as np

from omaha_fast.ranges import hand_classes, ranking_equities
from omaha_fast.tools.make_rankings import representatives, run, score_classes


def test_representatives_one_hand_per_class():
    reps = representatives()
    classes, n = hand_classes()
    from omaha_fast import Range
    assert reps.shape == (n, 4)
    idx = [int(np.flatnonzero(Range.from_hands([h.tolist()])._w)[0]) for h in reps[::997]]
    assert [int(classes[i]) for i in idx] == list(range(0, n, 997))


def test_blocks_give_the_same_scores_whatever_runs_them():
    reps = representatives()[:70]
    one = run(reps, 300, 5, processes=1, dask=None)
    two = run(reps, 300, 5, processes=2, dask=None)
    for (f1, a1, b1), (f2, a2, b2) in zip(one, two):
        assert f1 == f2 and a1.tolist() == a2.tolist() and b1.tolist() == b2.tolist()


def test_shipped_scores_agree_with_a_fresh_estimate():
    # the data says: equity against one random hand, 60,000 deals a class; a fresh
    # 20,000-deal estimate on another seed must agree within five combined standard errors
    rng = np.random.default_rng(3)
    picks = np.sort(rng.choice(hand_classes()[1], size=12, replace=False))
    reps = representatives()
    for game, column in (("hilo", 1), ("high", 2)):
        shipped = ranking_equities(game)
        for k in picks:
            fresh = score_classes(int(k), reps[k:k + 1], 20_000, 777)[column][0]
            se = 0.5 * np.sqrt(1 / 20_000 + 1 / 60_000)
            assert abs(fresh - shipped[k]) < 5 * se, (game, k, fresh, shipped[k])


def test_shipped_scores_are_what_the_script_makes():
    # the package data is the generator's output bit for bit: the same seed and deal count
    # give the same float32 scores for any class, whatever block or process scores it
    from omaha_fast.ranges import DATA_FILE
    data = np.load(DATA_FILE)
    trials, seed = int(data["trials"]), int(data["seed"])
    reps = representatives()
    for k in (0, 4_321, hand_classes()[1] - 1):
        _, hilo, high = score_classes(k, reps[k:k + 1], trials, seed)
        assert np.float32(hilo[0]) == data["hilo"][k], k
        assert np.float32(high[0]) == data["high"][k], k
