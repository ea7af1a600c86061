# The REPL side of Rivumi's RLM engine: standard library only, Python 3.9+.
# Started as `python3 -I -S -u driver.py CONFIG_JSON` (no `site`: the standard library is all a cell
# may import, and no .pth file runs); talks JSON lines with the host on two dedicated file
# descriptors, so nothing a cell prints can be mistaken for a protocol message.
import bisect, builtins, hashlib, io, json, mmap, os, re, signal, sys, threading, time
from array import array

CFG = json.loads(sys.argv[1])
MAX_PEEK = 20000
MAX_HITS = 1000
HERE = os.path.abspath(__file__)


def _preamble():
    """Move the protocol off stdio if asked, tie our life to the host's, apply resource limits."""
    fin, fout = CFG["proto"]
    if fin == 0:  # sudo closes extra fds, so the host speaks on stdin/stdout; take them away from cells
        fin, fout = os.dup(0), os.dup(1)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(2, 1)
    for fd in (fin, fout):
        os.set_inheritable(fd, False)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except Exception:
            pass
    try:
        import resource

        names = {"as": "RLIMIT_AS", "cpu": "RLIMIT_CPU", "fsize": "RLIMIT_FSIZE", "nproc": "RLIMIT_NPROC"}
        for key, value in CFG.get("limits", {}).items():
            which = getattr(resource, names[key], None)
            if which is None:
                continue
            hard = resource.getrlimit(which)[1]
            value = value if hard == resource.RLIM_INFINITY else min(value, hard)
            resource.setrlimit(which, (value, value))
    except (ImportError, ValueError, OSError):
        pass
    os.umask(0o077)
    return io.open(fin, "rb", buffering=1 << 16), fout


def _confine():
    """Landlock and seccomp (confine.py, beside this file) before any model-written code runs."""
    if CFG.get("sandbox") == "none":
        return {"sandbox": "none", "applied": False, "reason": "rlm-sandbox is none"}
    path, module = os.path.join(os.path.dirname(HERE), "confine.py"), {"__name__": "_rivumi_confine"}
    try:  # -I keeps this folder off sys.path, so it is run from its file
        with open(path, encoding="utf-8") as f:
            exec(compile(f.read(), path, "exec"), module)
    except Exception as exc:
        return {"sandbox": "landlock", "applied": False, "reason": f"confine.py could not be loaded: {exc}"}
    return module["confine"](CFG, HERE)


_IN, _OUT = _preamble()
_CONFINEMENT = _confine()
# Model-written code runs only in a confined process, or where the workflow opted out.
_MAY_RUN = _CONFINEMENT["applied"] or _CONFINEMENT["sandbox"] == "none"
_LOCK = threading.Lock()
_STATE = {"final": None, "coverage": None, "status": {}, "next": 0}


def _send(message):
    data = (json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8", "replace")
    view = memoryview(data)
    while view:
        view = view[os.write(_OUT, view):]


def _receive():
    line = _IN.readline()
    if not line:
        os._exit(0)  # the host is gone
    return json.loads(line)


# The input stays on disk, mapped, and is decoded only where a helper looks. Loading it hashes it on
# another thread while the host counts its blocks of 64 KiB (input-index.ts); this process keeps,
# per block, where it starts in bytes, characters and lines. `_context` is decoded whole the first
# time a cell names it.
BLOCK = 1 << 16
_ASCII = bytes(range(0x80))


class _Input:
    """The input file, mapped read-only, with a per-block index of where bytes, chars and lines are."""

    def __init__(self, mapped, index):
        self.fd, self.size, self.map, self._hasher, self._digest = mapped
        # Per block k: byte, char and newline counts before it; one more entry for the end.
        self.bytes, self.chars, self.lines = array("q"), array("q"), array("q")
        self.ascii, self.invalid, self._alphabet, self._finding = bytearray(), False, None, threading.Lock()
        self.full, self.cached, self.cached_raw = None, (-1, ""), (-1, b"")
        # Blocks end on a grid of BLOCK bytes, moved back to where a character starts.
        ends = []
        while (ends[-1] if ends else 0) < self.size:
            ends.append(self._boundary(min((len(ends) + 1) * BLOCK, self.size)))
        counts = self._host_counts(index, ends)
        self.counted_by = "host" if counts else "driver"  # for the tests: whose counts these are
        s, c, nl = 0, 0, 0
        for k, e in enumerate(ends):
            self.bytes.append(s)
            self.chars.append(c)
            self.lines.append(nl)
            chars, newlines = counts[k] if counts else (-1, -1)
            ascii = chars == e - s  # valid UTF-8 has a character per byte only when it is ASCII
            if chars < 0:
                raw = self.map[s:e]
                newlines = raw.count(b"\n") if newlines < 0 else newlines
                ascii = raw.isascii()
                try:
                    chars = e - s if ascii else len(raw.decode("utf-8"))
                except UnicodeDecodeError:
                    self.invalid = True
                    chars = len(raw.decode("utf-8", "replace"))
            self.ascii.append(ascii)
            c, nl, s = c + chars, nl + newlines, e
        self.bytes.append(s)
        self.chars.append(c)
        self.lines.append(nl)
        self.newlines = nl
        self.n = c

    @property
    def digest(self):
        """The input's SHA-256, hashed on its own thread since the load began: nothing before ready
        waits for it (the root's opening message does not show it), only `context_meta()`."""
        if self._hasher is not None:
            self._hasher.join()
        if not self._digest:  # no thread was to be had, or it failed: hashed here
            self._digest.append(hashlib.sha256(self.map).hexdigest())
        return self._digest[0]

    @staticmethod
    def _host_counts(index, ends):
        """(chars, newlines) per block from the host's index (input-index.ts), which it builds while
        this process hashes the input; None when it sent none or its blocks are not these, and the
        blocks are then counted here. Its chars are -1 for a block that is not valid UTF-8."""
        if not isinstance(index, dict) or index.get("ends") != ends:
            return None
        try:
            chars, newlines = array("q", index["chars"]), array("q", index["newlines"])
        except (KeyError, TypeError, OverflowError):
            return None
        return list(zip(chars, newlines)) if len(chars) == len(newlines) == len(ends) else None

    @property
    def alphabet(self):
        """Every non-ASCII character in the input, which search's bytes twin is built against; found
        on a thread once the driver is ready (while the host waits on the model), or by the first
        search that needs it first."""
        with self._finding:
            if self._alphabet is None:
                self._alphabet = self._find_alphabet()
        return self._alphabet

    def _find_alphabet(self):
        found = set()
        for k in range(len(self.ascii)):
            if self.ascii[k]:
                continue
            raw = self.map[self.bytes[k]:self.bytes[k + 1]]
            try:  # valid UTF-8: the non-ASCII bytes alone still decode to whole characters
                found.update(raw.translate(None, _ASCII).decode("utf-8"))
            except UnicodeDecodeError:
                found.update(ch for ch in set(raw.decode("utf-8", "replace")) if ch >= "\x80")
        return found

    def _boundary(self, e):
        """`e`, or up to 3 bytes before it, where a character starts (UTF-8 continuation bytes never
        start one; past 3 of them each is a character of its own, decoded as U+FFFD)."""
        for back in range(4):
            if e - back >= self.size or not 0x80 <= self.map[e - back] < 0xC0:
                return e - back
        return e

    def release(self):
        """Drops the mapped pages from this process's memory (the page cache keeps them), before
        building something as large as the input; a search maps them back."""
        if self.size and hasattr(self.map, "madvise"):
            self.map.madvise(mmap.MADV_DONTNEED)

    def block_of(self, table, value):
        return max(0, bisect.bisect_right(table, value, 0, len(table) - 1) - 1)

    def read(self, s, e):
        return os.pread(self.fd, e - s, s) if e > s else b""

    def raw(self, k):
        if self.cached_raw[0] != k:
            self.cached_raw = (k, self.read(self.bytes[k], self.bytes[k + 1]))
        return self.cached_raw[1]

    def block_text(self, k):
        if self.cached[0] != k:
            self.cached = (k, self.raw(k).decode("utf-8", "replace"))
        return self.cached[1]

    def text(self):
        """The whole input as one str, decoded once."""
        if self.full is None:
            self.release()
            self.full = "".join(self.read(self.bytes[k], self.bytes[k + 1]).decode("utf-8", "replace")
                                for k in range(len(self.ascii)))
        return self.full

    def slice(self, s, e):
        """Characters [s, e), both within 0..n."""
        if self.full is not None or e <= s:
            return self.full[s:e] if self.full is not None else ""
        k, parts = self.block_of(self.chars, s), []
        while s < e:
            b0, c0, c1 = self.bytes[k], self.chars[k], self.chars[k + 1]
            stop = min(e, c1)
            if self.ascii[k] and e - s < 4096:  # a few chars: read only those
                parts.append(self.read(b0 + s - c0, b0 + stop - c0).decode("ascii"))
            else:
                parts.append(self.block_text(k)[s - c0 : stop - c0])
            s, k = stop, k + 1
        return "".join(parts)

    def char_at(self, b):
        """The char offset of byte offset `b`, which starts a character."""
        if b >= self.size:
            return self.n
        k = self.block_of(self.bytes, b)
        b0 = self.bytes[k]
        if self.ascii[k]:
            return self.chars[k] + b - b0
        return self.chars[k] + len(str(memoryview(self.raw(k))[: b - b0], "utf-8", "replace"))

    def line_at(self, b):
        """The 1-based line of byte offset `b`."""
        if not self.size:
            return 1
        k = self.block_of(self.bytes, b)
        return self.lines[k] + self.raw(k).count(b"\n", 0, b - self.bytes[k]) + 1

    def newline(self, j):
        """The byte offset of the j-th newline (1-based, j <= newlines)."""
        k = max(0, bisect.bisect_left(self.lines, j, 0, len(self.lines)) - 1)
        raw, at = self.raw(k), -1
        for _ in range(j - self.lines[k]):
            at = raw.index(b"\n", at + 1)
        return self.bytes[k] + at


def _map_and_hash(path):
    """Opens and maps the input, and starts hashing it on another thread: hashlib lets go of the GIL
    while it hashes, so that runs on the other core while the blocks are indexed."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    size = os.fstat(fd).st_size
    view = mmap.mmap(fd, 0, access=mmap.ACCESS_READ) if size else b""
    digest = []
    hasher = threading.Thread(target=lambda: digest.append(hashlib.sha256(view).hexdigest()))
    try:
        hasher.start()
    except RuntimeError:  # no thread to be had (a process limit): hashed when first asked for
        hasher = None
    return fd, size, view, hasher, digest


def _map_input():
    # The host fills the input file while this process starts, and says when it is done.
    if CFG.get("input_message"):
        message = _receive()
        if message.get("op") != "input":
            raise RuntimeError(f"expected the input message first, got {message.get('op')!r}")
    return _map_and_hash(CFG["input"])


def _load(mapped):
    message = _receive() if CFG.get("index") else {}  # sent once the host has built it
    index = message if message.get("op") == "index" and message.get("block") == BLOCK else None
    data = _Input(mapped, index)
    lines = data.newlines + (1 if data.size and data.map[data.size - 1] != 10 else 0)
    meta = {"chars": data.n, "lines": lines, "bytes": data.size,
            "preview": data.slice(0, min(500, data.n)), "tail_preview": data.slice(max(0, data.n - 500), data.n)}
    return data, meta


_T0 = time.perf_counter()
_MAPPED = _map_input()
# What only a cell needs is imported while the host builds the index, which takes longer.
import ast, linecache, traceback  # noqa: E402
_DATA, _META = _load(_MAPPED)
_LOAD_MS = (time.perf_counter() - _T0) * 1000


def _int(value, name):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return value


def context_meta():
    """Size and shape of the input: chars, lines, bytes, sha256, preview, tail_preview."""
    return dict(_META, sha256=_DATA.digest)


def peek(start, end, unit="chars"):
    """Text between char offsets (0-based, end excluded) or lines (1-based, both included)."""
    if unit not in ("chars", "lines"):
        raise ValueError(f'unit must be "chars" or "lines", not {unit!r}')
    start, end, n = _int(start, "start"), _int(end, "end"), _DATA.n
    if unit == "chars":
        s = min(max(start, 0), n)
        e = min(max(end, s), n)
    else:
        first, last = max(start, 1), min(end, _META["lines"])
        if first > last:
            return ""
        s = 0 if first == 1 else _DATA.char_at(_DATA.newline(first - 1) + 1)
        e = _DATA.char_at(_DATA.newline(last)) if last <= _DATA.newlines else n
    if e - s <= MAX_PEEK:
        return _DATA.slice(s, e)
    keep = MAX_PEEK - 100
    for _ in range(2):
        marker = f"\n[peek cut at {MAX_PEEK} chars: {e - s - keep} more; continue with peek({s + keep}, {e})]"
        keep = MAX_PEEK - len(marker)
    return _DATA.slice(s, s + keep) + marker


class Hits(list):
    """Search hits; `truncated` says the hit limit or the time limit stopped the scan."""

    truncated = False
    timed_out = False


class _SearchTimeout(Exception):
    pass


# A str pattern is run on the mapped bytes when a bytes pattern can be built that finds exactly the
# same matches: every one-character node becomes the ASCII bytes it matches plus the UTF-8 of each
# non-ASCII character of this input it matches (tested with the str pattern's own flags), and \b
# looks at those characters. Otherwise (a match that may be empty, a backreference ignoring case,
# invalid UTF-8 where a node matches U+FFFD, too many characters) the input is decoded whole.
try:
    from re import _parser as _sre
except ImportError:  # Python 3.9 and 3.10
    import sre_parse as _sre

_BYTES_CACHE = {}
_CATEGORIES = {"CATEGORY_DIGIT": r"\d", "CATEGORY_NOT_DIGIT": r"\D", "CATEGORY_SPACE": r"\s",
               "CATEGORY_NOT_SPACE": r"\S", "CATEGORY_WORD": r"\w", "CATEGORY_NOT_WORD": r"\W"}
_UTF8_CHAR = rb"(?:[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3})"


class _NoTwin(Exception):
    pass


def _esc(c):
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}" if c < 0x10000 else f"\\U{c:08x}"


def _bytes_of(chars):
    return "|".join("".join(f"\\x{b:02x}" for b in ch.encode("utf-8")) for ch in sorted(chars))


def _ascii_class(codes):
    if len(codes) == 1:
        return f"\\x{codes[0]:02x}"
    runs, out = [], []
    for c in codes:
        if runs and runs[-1][1] == c - 1:
            runs[-1][1] = c
        else:
            runs.append([c, c])
    for lo, hi in runs:
        out.append(f"\\x{lo:02x}" if lo == hi else f"\\x{lo:02x}-\\x{hi:02x}")
    return "[" + "".join(out) + "]"


def _one(op, av, flags):
    """Bytes source for a node that matches one character."""
    name = str(op)
    if name == "LITERAL":
        src = _esc(av)
    elif name == "NOT_LITERAL":
        src = f"[^{_esc(av)}]"
    elif name == "ANY":
        src = "."
    else:  # IN
        parts = []
        for kind, value in av:
            kind = str(kind)
            if kind == "NEGATE":
                parts.append("^")
            elif kind == "LITERAL":
                parts.append(_esc(value))
            elif kind == "RANGE":
                parts.append(f"{_esc(value[0])}-{_esc(value[1])}")
            elif kind == "CATEGORY" and str(value) in _CATEGORIES:
                parts.append(_CATEGORIES[str(value)])
            else:
                raise _NoTwin(kind)
        src = "[" + "".join(parts) + "]"
    rx = re.compile(src, flags & (re.IGNORECASE | re.ASCII | re.DOTALL))
    codes = [c for c in range(128) if rx.match(chr(c))]
    wide = [ch for ch in _DATA.alphabet if rx.match(ch)]
    if _DATA.invalid and "\ufffd" in wide:
        raise _NoTwin("U+FFFD stands for invalid bytes")
    alternatives = [_ascii_class(codes)] if codes else []
    if wide and len(wide) == len(_DATA.alphabet) and len(wide) > 16:
        alternatives.append(_UTF8_CHAR.decode("latin-1"))  # every non-ASCII character there is
    elif len(wide) > 256:
        raise _NoTwin("too many characters")
    elif wide:
        alternatives.append(_bytes_of(wide))
    if not alternatives:
        return "(?!)"
    return alternatives[0] if len(alternatives) == 1 and codes else "(?:" + "|".join(alternatives) + ")"


def _boundary(negated, flags):
    """\\b or \\B as the str pattern sees it: bytes see a non-ASCII word character as non-word, so
    those cases are checked apart, each behind a one-byte test that fails fast elsewhere."""
    word = [ch for ch in _DATA.alphabet if re.match(r"\w", ch, flags & re.ASCII)]
    if not word:
        return r"\B" if negated else r"\b"
    alts = _bytes_of(word).split("|")
    w, wide = r"[0-9A-Za-z_]", "|".join(alts)
    after_wide = r"(?<=[\x80-\xbf])(?:" + "|".join(f"(?<={a})" for a in alts) + ")"
    not_after_wide = "".join(f"(?<!{a})" for a in alts)
    if negated:  # both sides word, or both not
        return (rf"(?:\B{not_after_wide}(?!{wide})|{after_wide}(?={w}|{wide})"
                rf"|(?=[\xc2-\xf4])(?<={w})(?={wide}))")
    return (rf"(?:\b{not_after_wide}(?!{wide})|{after_wide}(?!{w}|{wide})"
            rf"|(?=[\xc2-\xf4])(?<!{w}){not_after_wide}(?={wide}))")


def _emit(items, flags):
    out = []
    for op, av in items:
        name = str(op)
        if name in ("LITERAL", "NOT_LITERAL", "ANY", "IN"):
            out.append(_one(op, av, flags))
        elif name == "BRANCH":
            out.append("(?:" + "|".join(_emit(b, flags) for b in av[1]) + ")")
        elif name == "SUBPATTERN":
            group, add, remove, body = av
            inner = _emit(body, (flags | add) & ~remove)
            out.append(f"({inner})" if group is not None else f"(?:{inner})")
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            lo, hi, body = av
            lazy = {"MAX_REPEAT": "", "MIN_REPEAT": "?", "POSSESSIVE_REPEAT": "+"}[name]
            out.append(f"(?:{_emit(body, flags)}){{{lo},{'' if hi == _sre.MAXREPEAT else hi}}}{lazy}")
        elif name == "AT":
            at = str(av)
            multi = "(?m:" if flags & re.MULTILINE else "(?-m:"
            simple = {"AT_BEGINNING": multi + "^)", "AT_END": multi + "$)", "AT_BEGINNING_STRING": r"\A",
                      "AT_END_STRING": r"\Z"}
            if at in simple:
                out.append(simple[at])
            elif at in ("AT_BOUNDARY", "AT_NON_BOUNDARY"):
                out.append(_boundary(at == "AT_NON_BOUNDARY", flags))
            else:
                raise _NoTwin(at)
        elif name == "GROUPREF":
            if flags & re.IGNORECASE and _DATA.alphabet:
                raise _NoTwin("a backreference ignoring case")
            out.append(f"(?i:\\{av})" if flags & re.IGNORECASE else f"(?:\\{av})")
        elif name == "GROUPREF_EXISTS":
            group, yes, no = av
            out.append(f"(?({group}){_emit(yes, flags)}|{_emit(no, flags) if no else ''})")
        elif name in ("ASSERT", "ASSERT_NOT"):
            direction, body = av
            head = {("ASSERT", 1): "(?=", ("ASSERT", -1): "(?<=", ("ASSERT_NOT", 1): "(?!",
                    ("ASSERT_NOT", -1): "(?<!"}[(name, direction)]
            out.append(head + _emit(body, flags) + ")")
        elif name == "ATOMIC_GROUP":
            out.append(f"(?>{_emit(av, flags)})")
        else:
            raise _NoTwin(name)
    return "".join(out)


def _bytes_twin(rx):
    """A bytes pattern with exactly `rx`'s matches on this input, or None."""
    key = (rx.pattern, rx.flags)
    if key not in _BYTES_CACHE:
        if len(_BYTES_CACHE) >= 256:
            _BYTES_CACHE.clear()
        try:
            if not isinstance(rx.pattern, str):
                raise _NoTwin("a bytes pattern")
            tree = _sre.parse(rx.pattern, rx.flags)
            if _DATA.alphabet and tree.getwidth()[0] < 1:
                raise _NoTwin("a match may be empty, and bytes would try inside a character")
            _BYTES_CACHE[key] = re.compile(_emit(tree, rx.flags).encode("latin-1"))
        except (_NoTwin, re.error, RecursionError, OverflowError, TypeError, ValueError):
            _BYTES_CACHE[key] = None
    return _BYTES_CACHE[key]


def _spans(rx):
    """(start, end, line) of each match, in chars; on the mapped bytes when that is exact."""
    twin = _bytes_twin(rx)
    if twin is not None:
        for m in twin.finditer(_DATA.map):
            s, e = m.span()
            yield _DATA.char_at(s), _DATA.char_at(e), _DATA.line_at(s)
        return
    text, line, prev = _DATA.text(), 1, 0
    for m in rx.finditer(text):
        s, e = m.span()
        line += text.count("\n", prev, s)
        prev = s
        yield s, e, line


def search(pattern, max_hits=100):
    """Regex hits as {index, start, end, line, match, snippet}; at most 1,000, time-limited."""
    rx = pattern if isinstance(pattern, re.Pattern) else re.compile(pattern)
    limit = max(0, min(_int(max_hits, "max_hits"), MAX_HITS))
    hits, n = Hits(), _DATA.n
    _DATA.alphabet  # found before the clock starts: waiting for its thread is not the search's time
    seconds = float(CFG.get("search_seconds", 10))
    deadline = time.monotonic() + seconds
    alarm = threading.current_thread() is threading.main_thread()
    if alarm:
        def _raise(*_):
            raise _SearchTimeout()

        old = signal.signal(signal.SIGALRM, _raise)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        for s, e, line in _spans(rx):
            if len(hits) >= limit:
                hits.truncated = True
                break
            shown = min(e, s + 500)
            hits.append({"index": len(hits), "start": s, "end": e, "line": line, "match": _DATA.slice(s, shown),
                         "snippet": _DATA.slice(max(0, s - 120), min(n, shown + 120))})
            if time.monotonic() > deadline:
                raise _SearchTimeout()
    except _SearchTimeout:
        hits.truncated = hits.timed_out = True
        print(f"[search stopped after {seconds:g} s with {len(hits)} hits; narrow the pattern]", file=sys.stderr)
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
    return hits


def chunk(max_chars=20000, overlap=0):
    """Records {index, start, end, start_line, end_line, text} covering the whole input."""
    max_chars, overlap = _int(max_chars, "max_chars"), _int(overlap, "overlap")
    if max_chars < 1 or not 0 <= overlap < max_chars:
        raise ValueError("chunk needs max_chars >= 1 and 0 <= overlap < max_chars")
    _DATA.release()  # the records hold the text; the mapped pages need not stay beside them
    n, out = _DATA.n, []
    start, line, counted, before = 0, 1, 0, ""  # before: the previous record's text, from `counted`
    while start < n:
        piece = _DATA.slice(start, min(start + max_chars, n))
        end = start + len(piece)
        if end < n:  # prefer to end on a line break in the second half of the chunk
            cut = piece.rfind("\n", max_chars // 2)
            if cut != -1 and start + cut + 1 - overlap > start:
                end = start + cut + 1
        line += before.count("\n", 0, start - counted)
        counted, text = start, piece[: end - start]
        end_line = line + text.count("\n", 0, end - 1 - start)
        out.append({"index": len(out), "start": start, "end": end, "start_line": line,
                    "end_line": end_line, "text": text})
        if end >= n:
            break
        start, before = end - overlap, text
    return out


def chunk_coverage(chunks):
    """{chunks, input_chars, covered_chars, gaps, complete} for records from chunk()."""
    n, spans = _DATA.n, []
    for c in chunks:
        if not isinstance(c, dict) or "start" not in c or "end" not in c:
            raise TypeError("chunk_coverage takes records from chunk() (dicts with start and end)")
        s, e = max(0, _int(c["start"], "start")), min(n, _int(c["end"], "end"))
        if e > s:
            spans.append((s, e))
    spans.sort()
    covered, cursor, gaps = 0, 0, []
    for s, e in spans:
        if s > cursor:
            gaps.append([cursor, s])
        if e > cursor:
            covered += e - max(s, cursor)
            cursor = e
    if cursor < n:
        gaps.append([cursor, n])
    result = {"chunks": len(chunks), "input_chars": n, "covered_chars": covered,
              "gaps": gaps[:100], "complete": covered == n}
    _STATE["coverage"] = result
    return dict(result)



# Child calls. Every one is proxied to the host, which checks the same limits again itself.
MAX_BATCH = int(CFG.get("max_batch", 16))
MAX_CHILD = int(CFG.get("max_child_chars", 200000))
MAX_SOURCE = int(CFG.get("max_source_chars", 8000000))


def _item(prompt, piece, what="slice", cap=MAX_CHILD):
    if not isinstance(prompt, str):
        raise TypeError(f"a prompt must be a str, not {type(prompt).__name__}")
    item = {"prompt": prompt}
    if isinstance(piece, str):
        item["text"] = piece
    elif isinstance(piece, dict) and isinstance(piece.get("text"), str):
        item["text"] = piece["text"]
        keys = ("start", "end", "start_line", "end_line")
        item["range"] = {k: piece[k] for k in keys if type(piece.get(k)) is int}
    elif piece is not None:
        raise TypeError(f"a {what} is a str or a record from chunk(), not {type(piece).__name__}")
    size = len(prompt) + len(item.get("text", ""))
    if size > cap:
        raise ValueError(f"a child call of {size} chars is over the {cap}-char limit; pass a smaller {what} (see chunk())")
    return item


def _ask(kind, items, dependency_mode=None, safety_note=None):
    with _LOCK:
        _STATE["next"] += 1
        rid = _STATE["next"]
        message = {"op": "child", "id": rid, "kind": kind, "items": items}
        if dependency_mode is not None:
            message["dependency_mode"] = str(dependency_mode)
        if safety_note is not None:
            message["safety_note"] = str(safety_note)
        _send(message)
        reply = _receive()
        while reply.get("op") != "reply" or reply.get("id") != rid:
            reply = _receive()
    _STATE["status"] = reply.get("status") or _STATE["status"]
    if not reply.get("ok"):
        raise RuntimeError(f"the host refused the child call: {reply.get('error')}")
    return [r["text"] if r.get("ok") else f"[child call failed: {r.get('error')}]" for r in reply["results"]]


def _gate(helper, dependency_mode, count):
    if dependency_mode != "independent":
        raise ValueError(
            f'{helper} runs its calls in parallel, so it needs dependency_mode="independent" as your '
            f"assertion that no call depends on another (got {dependency_mode!r}). For dependent, ordered "
            "or rollback-sensitive work use sub_query_sequence(...) or a loop of sub_query(...)."
        )
    if count > MAX_BATCH:
        raise ValueError(
            f"{helper} takes at most {MAX_BATCH} calls at once and got {count}; split the list: "
            f"for i in range(0, len(items), {MAX_BATCH}): ... items[i:i + {MAX_BATCH}]"
        )


def sub_query(prompt, slice=None):
    """One child model call, optionally about one slice (a str or a chunk record)."""
    return _ask("query", [_item(prompt, slice)])[0]


def sub_query_batch(prompt, slices, dependency_mode=None, safety_note=None):
    """The same prompt over independent slices, run concurrently; one answer per slice."""
    slices = list(slices)
    _gate("sub_query_batch", dependency_mode, len(slices))
    items = [_item(prompt, s) for s in slices]
    return _ask("batch", items, dependency_mode, safety_note) if items else []


def sub_query_map(prompts, slices=None, dependency_mode=None, safety_note=None):
    """Distinct independent prompts, each optionally paired with a slice, run concurrently."""
    prompts = list(prompts)
    slices = [None] * len(prompts) if slices is None else list(slices)
    if len(slices) != len(prompts):
        raise ValueError(f"sub_query_map got {len(prompts)} prompts but {len(slices)} slices")
    _gate("sub_query_map", dependency_mode, len(prompts))
    items = [_item(p, s) for p, s in zip(prompts, slices)]
    return _ask("map", items, dependency_mode, safety_note) if items else []


def sub_query_sequence(prompt, slices, carry_prompt=None):
    """Slices in order; each step also sees the previous step's answer. Returns every answer."""
    answers, carry = [], None
    for piece in slices:
        asked = prompt if carry is None else f"{prompt}\n\n{carry_prompt or 'Result of the previous step:'}\n{carry}"
        carry = _ask("sequence", [_item(asked, piece)])[0]
        answers.append(carry)
    return answers


def sub_rlm(prompt, source=None):
    """A nested RLM with its own REPL over `source`; a plain child call past the depth limit."""
    return _ask("rlm", [_item(prompt, source, "source", MAX_SOURCE)])[0]


# Session state and the end of the run.
_RESERVED = {"_context", "_ctx", "content"}
_HELPERS = {}


def _user_vars():
    out = {}
    for name, value in list(_NS.items()):
        if name.startswith("_") or _HELPERS.get(name) is value or type(value) is type(sys):
            continue
        out[name] = type(value).__name__
    return dict(sorted(out.items()))


def SHOW_VARS():
    """Your variables and their types."""
    return _user_vars()


def repl_set(name, value):
    """Store a value under a name, for later turns."""
    if not isinstance(name, str) or not name.isidentifier() or name in _RESERVED or name in _HELPERS:
        raise ValueError(f"{name!r} is not a usable variable name")
    _NS[name] = value


def repl_get(name, default=None):
    """Fetch a value stored with repl_set (or any variable)."""
    if name in _RESERVED and name not in _NS:
        return _DATA.text()
    return _NS.get(name, default)


def evaluate_progress():
    """Whether a final answer exists, your variables, child calls made and budget left."""
    final, status = _STATE["final"], _STATE["status"]
    return {
        "has_final_answer": final is not None,
        "final_confidence": final["confidence"] if final else None,
        "user_variables": list(_user_vars()),
        "child_calls": status.get("child_calls", 0),
        "budget_left": status.get("budget_left", {}),
    }


def finalize(value, confidence=None):
    """Record the final answer; the run ends after this cell."""
    if not isinstance(value, str):
        try:
            value = json.dumps(value, ensure_ascii=False, default=str) if isinstance(value, (dict, list, tuple)) else str(value)
        except (TypeError, ValueError):
            value = str(value)
    _STATE["final"] = {"value": value, "confidence": None if confidence is None else str(confidence)}


# Running cells.
class _Capture(io.TextIOBase):
    """A stdout/stderr stand-in that keeps the first `limit` chars and counts the rest."""

    encoding, errors = "utf-8", "strict"

    def __init__(self, limit):
        self.parts, self.kept, self.total, self.limit = [], 0, 0, limit

    def writable(self):
        return True

    def isatty(self):
        return False

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError(f"write() argument must be str, not {type(s).__name__}")
        self.total += len(s)
        if self.kept < self.limit:
            piece = s[: self.limit - self.kept]
            self.parts.append(piece)
            self.kept += len(piece)
        return len(s)

    def value(self):
        return "".join(self.parts)


def _describe(exc):
    frames = [] if isinstance(exc, SyntaxError) else traceback.extract_tb(exc.__traceback__)
    frames = [f for f in frames if f.filename != HERE]
    head = ["Traceback (most recent call last):\n", *traceback.format_list(frames)] if frames else []
    text = "".join(head + traceback.format_exception_only(type(exc), exc))
    return text if len(text) <= 6000 else "…" + text[-6000:]


def _run(message):
    cid, code = message["id"], message["code"]
    _STATE["status"] = message.get("status") or {}
    name = f"<cell {cid}>"
    linecache.cache[name] = (len(code), None, code.splitlines(True), name)
    cap = int(CFG.get("capture_chars", 100000))
    out, err, error = _Capture(cap), _Capture(cap), None
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    started = time.perf_counter()
    try:
        tree = ast.parse(code, name, "exec")
        tail = ast.Expression(tree.body.pop().value) if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, name, "exec"), _NS)
        if tail is not None:
            value = eval(compile(tail, name, "eval"), _NS)
            if value is not None:
                print(repr(value))
    except BaseException as exc:  # SystemExit and KeyboardInterrupt too: the session outlives them
        error = _describe(exc)
    finally:
        sys.stdout, sys.stderr = saved
    return {"op": "done", "id": cid, "stdout": out.value(), "stdout_chars": out.total,
            "stderr": err.value(), "stderr_chars": err.total, "error": error, "final": _STATE["final"],
            "coverage": _STATE["coverage"], "ms": (time.perf_counter() - started) * 1000}


class _Builtins(dict):
    """Cells' builtins: the input's names resolve here, so it is decoded whole only once a cell uses
    one of them; everything else is the builtins module's."""

    def __missing__(self, name):
        if name in _RESERVED:
            text = self["_context"] = self["_ctx"] = self["content"] = _DATA.text()
            return text
        try:
            return getattr(builtins, name)
        except AttributeError:
            raise KeyError(name) from None


def _exit(code=None):
    """`exit()` and `quit()`, which `site` (not loaded: -S) would add: the cell ends, the REPL goes on."""
    raise SystemExit(code)


_NS = {"__name__": "__rlm__", "__builtins__": _Builtins(vars(builtins), exit=_exit, quit=_exit)}
for _f in (context_meta, peek, search, chunk, chunk_coverage, sub_query, sub_query_batch, sub_query_map,
           sub_query_sequence, sub_rlm, SHOW_VARS, repl_set, repl_get, evaluate_progress, finalize):
    _NS[_f.__name__] = _HELPERS[_f.__name__] = _f

_send({"op": "ready", "python": ".".join(map(str, sys.version_info[:3])), "uid": os.getuid(),
       "meta": _META, "load_ms": _LOAD_MS, "confinement": _CONFINEMENT})


def _find_alphabet_early():
    try:
        _DATA.alphabet
    except Exception:  # not into a cell's output; the first search finds it again, and says why
        pass


try:
    threading.Thread(target=_find_alphabet_early, daemon=True).start()
except RuntimeError:  # no thread to be had: the first search finds it
    pass
while True:
    _message = _receive()
    if _message.get("op") == "exec" and _MAY_RUN:
        _send(_run(_message))
    elif _message.get("op") == "exec":  # the host refuses an unconfined REPL first; this is the backstop
        _send({"op": "done", "id": _message.get("id", 0), "stdout": "", "stdout_chars": 0, "stderr": "",
               "stderr_chars": 0, "error": f"not run: the REPL is not confined ({_CONFINEMENT.get('reason')})",
               "final": None, "coverage": None, "ms": 0})
