# The REPL side of Rivumi's RLM engine: standard library only, Python 3.9+.
# Started as `python3 -I -u driver.py CONFIG_JSON`; talks JSON lines with the host on two dedicated
# file descriptors, so nothing a cell prints can be mistaken for a protocol message.
import ast, bisect, hashlib, io, json, linecache, os, re, signal, sys, threading, time, traceback

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


def _load():
    with open(CFG["input"], "rb") as f:
        raw = f.read()
    text = raw.decode("utf-8", errors="replace")
    lines = text.count("\n") + (1 if text and not text.endswith("\n") else 0)
    meta = {
        "chars": len(text),
        "lines": lines,
        "bytes": len(raw),
        "sha256": hashlib.sha256(raw).hexdigest(),
        "preview": text[:500],
        "tail_preview": text[-500:],
    }
    return text, meta


_T0 = time.perf_counter()
_TEXT, _META = _load()
_LOAD_MS = (time.perf_counter() - _T0) * 1000
_LINE_STARTS = None


def _line_starts():
    """Offsets where each line starts (built once, on first use)."""
    global _LINE_STARTS
    if _LINE_STARTS is None:
        from array import array

        starts, find, i = array("q", [0]), _TEXT.find, _TEXT.find("\n")
        while i != -1:
            starts.append(i + 1)
            i = find("\n", i + 1)
        _LINE_STARTS = starts
    return _LINE_STARTS


def _int(value, name):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return value


def context_meta():
    """Size and shape of the input: chars, lines, bytes, sha256, preview, tail_preview."""
    return dict(_META)


def peek(start, end, unit="chars"):
    """Text between char offsets (0-based, end excluded) or lines (1-based, both included)."""
    if unit not in ("chars", "lines"):
        raise ValueError(f'unit must be "chars" or "lines", not {unit!r}')
    start, end, n = _int(start, "start"), _int(end, "end"), len(_TEXT)
    if unit == "chars":
        s = min(max(start, 0), n)
        e = min(max(end, s), n)
    else:
        first, last = max(start, 1), min(end, _META["lines"])
        if first > last:
            return ""
        starts = _line_starts()
        s = starts[first - 1]
        e = starts[last] - 1 if last < len(starts) else n
    if e - s <= MAX_PEEK:
        return _TEXT[s:e]
    keep = MAX_PEEK - 100
    for _ in range(2):
        marker = f"\n[peek cut at {MAX_PEEK} chars: {e - s - keep} more; continue with peek({s + keep}, {e})]"
        keep = MAX_PEEK - len(marker)
    return _TEXT[s : s + keep] + marker


class Hits(list):
    """Search hits; `truncated` says the hit limit or the time limit stopped the scan."""

    truncated = False
    timed_out = False


class _SearchTimeout(Exception):
    pass


def search(pattern, max_hits=100):
    """Regex hits as {index, start, end, line, match, snippet}; at most 1,000, time-limited."""
    rx = pattern if isinstance(pattern, re.Pattern) else re.compile(pattern)
    limit = max(0, min(_int(max_hits, "max_hits"), MAX_HITS))
    hits, n, line, prev = Hits(), len(_TEXT), 1, 0
    seconds = float(CFG.get("search_seconds", 10))
    deadline = time.monotonic() + seconds
    alarm = threading.current_thread() is threading.main_thread()
    if alarm:
        def _raise(*_):
            raise _SearchTimeout()

        old = signal.signal(signal.SIGALRM, _raise)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        for m in rx.finditer(_TEXT):
            if len(hits) >= limit:
                hits.truncated = True
                break
            s, e = m.span()
            line += _TEXT.count("\n", prev, s)
            prev = s
            shown = min(e, s + 500)
            hits.append({"index": len(hits), "start": s, "end": e, "line": line,
                         "match": _TEXT[s:shown], "snippet": _TEXT[max(0, s - 120) : min(n, shown + 120)]})
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
    text, n, out = _TEXT, len(_TEXT), []
    start, line, counted = 0, 1, 0
    while start < n:
        end = min(start + max_chars, n)
        if end < n:  # prefer to end on a line break in the second half of the chunk
            cut = text.rfind("\n", start + max_chars // 2, end)
            if cut != -1 and cut + 1 - overlap > start:
                end = cut + 1
        line += text.count("\n", counted, start)
        counted = start
        end_line = line + text.count("\n", start, end - 1)
        out.append({"index": len(out), "start": start, "end": end, "start_line": line,
                    "end_line": end_line, "text": text[start:end]})
        if end >= n:
            break
        start = end - overlap
    return out


def chunk_coverage(chunks):
    """{chunks, input_chars, covered_chars, gaps, complete} for records from chunk()."""
    n, spans = len(_TEXT), []
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
        if name == "content" and value is _TEXT:
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


_NS = {"__name__": "__rlm__", "__builtins__": __builtins__, "_context": _TEXT, "_ctx": _TEXT, "content": _TEXT}
for _f in (context_meta, peek, search, chunk, chunk_coverage, sub_query, sub_query_batch, sub_query_map,
           sub_query_sequence, sub_rlm, SHOW_VARS, repl_set, repl_get, evaluate_progress, finalize):
    _NS[_f.__name__] = _HELPERS[_f.__name__] = _f

_send({"op": "ready", "python": ".".join(map(str, sys.version_info[:3])), "uid": os.getuid(),
       "meta": _META, "load_ms": _LOAD_MS, "confinement": _CONFINEMENT})
while True:
    _message = _receive()
    if _message.get("op") == "exec" and _MAY_RUN:
        _send(_run(_message))
    elif _message.get("op") == "exec":  # the host refuses an unconfined REPL first; this is the backstop
        _send({"op": "done", "id": _message.get("id", 0), "stdout": "", "stdout_chars": 0, "stderr": "",
               "stderr_chars": 0, "error": f"not run: the REPL is not confined ({_CONFINEMENT.get('reason')})",
               "final": None, "coverage": None, "ms": 0})
