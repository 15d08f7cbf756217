"""Where the team's shared folder (``shared/``: rules texts, research, real game records) is.

It sits beside the project checkout (``../shared``). A clean clone made elsewhere (CI clones main
into a fresh folder) finds it beside the checkout it was cloned from; ``TABULA_SHARED`` overrides
both. Tests that read records skip when none of these exists; nothing is ever copied into the
project.
"""

from __future__ import annotations

import functools
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _origin() -> Path | None:
    """The local checkout this one was cloned from, if it was cloned from a folder."""
    try:
        url = subprocess.run(["git", "-C", str(ROOT), "config", "--get", "remote.origin.url"],
                             capture_output=True, text=True, timeout=10, check=False).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    path = Path(url.removeprefix("file://")) if url and "://" not in url.replace("file://", "") else None
    return path if path is not None and path.is_dir() else None


@functools.cache
def shared_dir() -> Path:
    """``$TABULA_SHARED``, else ``../shared`` beside this checkout, else beside the one it was
    cloned from; the first of the last two when neither exists (callers check and skip)."""
    if os.environ.get("TABULA_SHARED"):
        return Path(os.environ["TABULA_SHARED"])
    beside = ROOT.parent / "shared"
    if beside.is_dir():
        return beside
    origin = _origin()
    if origin is not None and (origin.resolve().parent / "shared").is_dir():
        return origin.resolve().parent / "shared"
    return beside
