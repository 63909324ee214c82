"""The command line shared by the scripts that ask the producer's own code for test cases."""
import argparse
import os
import sys


def producer_args(seed: int, count: int) -> argparse.Namespace:
    """Parses --producer (or $BIJUX_CANON_REASON), --seed and --count, and puts the producer's
    src/ first on sys.path so its modules import."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--producer", default=os.environ.get("BIJUX_CANON_REASON"))
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--count", type=int, default=count)
    args = ap.parse_args()
    if not args.producer:
        sys.exit("pass --producer PATH/packages/bijux-canon-reason (or set BIJUX_CANON_REASON)")
    sys.path.insert(0, os.path.join(args.producer, "src"))
    return args
