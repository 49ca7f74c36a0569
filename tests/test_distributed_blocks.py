"""How the Ray runner cuts its input into blocks: a block's size, not the corpus's, bounds a worker's memory."""
from hypothesis import given, strategies as st

from surrogate.distributed._runtime import BATCHES_PER_WORKER, MAX_BLOCK_ITEMS, block_count


@given(items=st.integers(1, 10_000_000), workers=st.integers(1, 512))
def test_blocks_never_exceed_the_item_bound_and_keep_workers_busy(items, workers):
    blocks = block_count(items, workers)
    assert 1 <= blocks <= items
    assert -(-items // blocks) <= MAX_BLOCK_ITEMS  # the largest block
    assert blocks >= min(items, workers * BATCHES_PER_WORKER)

