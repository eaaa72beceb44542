"""gf.ViewChain against offsets added by hand (a cell in a horizontally scrolled collection view
in a table cell in a vertically scrolled table view: offset (-300, 254)), exact round trips; and
gf.SnapshotLayerPool: ids, reuse order, counts, all-or-none acquisition, bad releases."""

import math

import pytest

import ghostframe as gf
from _support import needs_numpy

FEED = [((0, 64, 375, 603), (0, 250)), (0, 400, 375, 200), ((0, 40, 375, 160), (300, 0))]


def test_view_chain_by_hand():
    chain = gf.ViewChain(FEED)
    assert chain.offset_to_window == (-300.0, 254.0)
    assert chain.window_rect((330, 10, 150, 125)) == (30.0, 264.0, 150.0, 125.0)
    assert chain.content_rect((30, 264, 150, 125)) == (330.0, 10.0, 150.0, 125.0)
    assert chain.levels[1] == ((0.0, 400.0, 375.0, 200.0), (0.0, 0.0))
    assert gf.ViewChain().offset_to_window == (0.0, 0.0)
    # The same conversion through a scene of nested layers whose bounds are not offset: the
    # scroll offsets become the children's frame origins shifted by -offset.
    scene = gf.Scene()
    scene.add_layer("table", frame=(0, 64 - 250, 375, 603 + 250))
    scene.add_layer("cell", parent="table", frame=(0, 400, 375, 200))
    scene.add_layer("collection", parent="cell", frame=(-300, 40, 375 + 300, 160))
    assert scene.convert_rect((330, 10, 150, 125), "collection", None) == chain.window_rect((330, 10, 150, 125))


def test_view_chain_bad_input():
    with pytest.raises(gf.InvalidArgumentError, match="level 1"):
        gf.ViewChain([(0, 0, 10, 10), ((0, 0, 10, 10), (math.nan, 0))])
    with pytest.raises(gf.InvalidArgumentError, match="level 0"):
        gf.ViewChain([(0, 0, -1, 10)])
    with pytest.raises(gf.InvalidArgumentError):
        gf.ViewChain([(0, 0, 10)])
    with pytest.raises(gf.LimitError):
        gf.ViewChain([(0, 0, 1, 1)] * 4097)
    with pytest.raises(TypeError):
        gf.ViewChain("levels")
    chain = gf.ViewChain(FEED)
    with pytest.raises(gf.InvalidArgumentError):
        chain.window_rect((0, math.inf, 1, 1))


def test_view_chain_overflow_names_the_level():
    """Issue 28: finite levels whose sum overflows gave inf with no error."""
    with pytest.raises(gf.InvalidArgumentError, match="level 1: the offset to the window overflows"):
        gf.ViewChain([(1e308, 0, 1, 1), ((0, 0, 1, 1), (-1e308, 0))])
    with pytest.raises(gf.InvalidArgumentError, match="window rect's origin overflows"):
        gf.ViewChain([(1e308, 0, 1, 1)]).window_rect((1e308, 0, 1, 1))


def test_pool_reuse_and_counts():
    with gf.SnapshotLayerPool(capacity=3) as pool:
        assert (pool.capacity, pool.acquirable_count, pool.created_count) == (3, 3, 0)
        first = pool.acquire_many(2)
        assert first == ["snapshot.0", "snapshot.1"]
        with pytest.raises(gf.LimitError):
            pool.acquire_many(2)  # all or none: one is acquirable
        assert pool.in_use_count == 2 and pool.acquirable_count == 1
        for layer_id in first:
            pool.release(layer_id)
        with pytest.raises(gf.InvalidArgumentError):
            pool.release("snapshot.1")  # released already
        with pytest.raises(gf.InvalidArgumentError):
            pool.release("elsewhere")
        assert pool.available_count == 2
        # A second transition reuses them, the most recently released first.
        assert pool.acquire_many(3) == ["snapshot.1", "snapshot.0", "snapshot.2"]
        assert (pool.created_count, pool.reuse_count, pool.in_use_count, pool.available_count) == (3, 2, 3, 0)
        with pytest.raises(gf.LimitError):
            pool.acquire()
        assert pool.acquire_many(0) == []
    with pytest.raises(gf.InvalidArgumentError):
        pool.acquire()  # closed


def test_pool_bad_capacity():
    for capacity in [0, -1, 100_001, 2**70]:
        with pytest.raises(gf.InvalidArgumentError):
            gf.SnapshotLayerPool(capacity)
    with pytest.raises(TypeError):
        gf.SnapshotLayerPool(2.5)  # type: ignore[arg-type]


@needs_numpy
def test_transitions_reuse_a_pool():
    images = [(-60, 300, 150, 125), (105, 300, 150, 125)]
    with gf.SnapshotLayerPool(capacity=6) as pool:
        first = gf.ExpandTransition(window=(375, 667), images=images, tapped=1, pool=pool)
        assert [first.scene.layer(f"snapshot.{i}") for i in range(4)] == [1, 2, 3, 4]  # part i is layer i + 1
        assert pool.in_use_count == 4
        first.release(pool)
        with pytest.raises(gf.InvalidArgumentError):
            first.release(pool)  # released already
        second = gf.ExpandTransition(window=(375, 667), images=images, tapped=1, pool=pool)
        assert (pool.created_count, pool.reuse_count) == (4, 4)
        # The same layers, in the reverse order (the last released is reused first); the same frames.
        assert second.scene.layer("snapshot.3") == 1 and first.scene.layer("snapshot.0") == 1
        assert second.scene.sample(0.3).tobytes() == first.scene.sample(0.3).tobytes()
        with pytest.raises(gf.LimitError):
            gf.ExpandTransition(window=(375, 667), images=images, tapped=1, pool=pool)
        assert pool.in_use_count == 4  # unchanged
        plain = gf.ExpandTransition(window=(375, 667), images=images, tapped=1)
        with pytest.raises(gf.InvalidArgumentError):
            plain.release(gf.SnapshotLayerPool(capacity=6))  # none of its layers is in use there
        with pytest.raises(TypeError):
            gf.ExpandTransition(window=(375, 667), images=images, tapped=1, pool="pool")  # type: ignore[arg-type]
