"""The Content-Security-Policy of every HTML page gridgames writes: nothing
may be fetched (no image, font, frame, connection or form target: the page
is self-contained), and the only style sheet and script allowed to apply or
run are the page's own, named by the SHA-256 of their text.  A string that
slipped past the escaping could still not run or load anything."""
from __future__ import annotations

import base64
import hashlib
from typing import Optional


def digest(text: str) -> str:
    """The CSP source that allows exactly this inline <style> or <script> text."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def policy(style: str, script: Optional[str] = None) -> str:
    """The policy of a page whose one <style> element holds ``style`` and
    whose one <script> (if any) holds ``script``, exactly."""
    rules = ["default-src 'none'"]
    if script is not None:
        rules.append(f"script-src {digest(script)}")
    rules += [f"style-src {digest(style)}", "base-uri 'none'", "form-action 'none'"]
    return "; ".join(rules)


def meta(style: str, script: Optional[str] = None) -> str:
    """That policy as the <meta> element, to come before the <style> and <script>."""
    return f'<meta http-equiv="Content-Security-Policy" content="{policy(style, script)}">'


__all__ = ["digest", "policy", "meta"]
