# Confinement of the RLM REPL, applied by driver.py before any model-written code runs.
# Standard library only (ctypes), Python 3.9+, Linux on x86_64 or aarch64. Model-written code is
# hostile: it may try to read the runner's credentials (a checkout's .git/config, RUNNER_TEMP),
# another process's /proc, $HOME, or to reach the network. Output redaction cannot catch what the
# code re-encodes, so the process itself loses the means:
#   - Landlock (ABI 1+): read only the Python runtime and its own input files, write only its
#     scratch folder, execute nothing; TCP bind and connect refused (ABI 4+); no abstract UNIX
#     sockets or signals outside its own domain (ABI 6+);
#   - seccomp: socket() refused for every family (UDP and DNS too, and pathname UNIX sockets such
#     as docker.sock, which Landlock does not cover), io_uring (which would open sockets past the
#     filter) and the kernel keyrings refused.
# Both need no_new_privs, set first. Landlock rules apply to paths opened from now on; descriptors
# open already (the protocol pipes, /dev/null) stay usable.
import ctypes, errno, os, sys

# Landlock's syscalls share one number on every architecture (the generic table).
_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446
_ARCHES = {
    # audit arch, socket, (io_uring_setup, io_uring_enter, io_uring_register, add_key, request_key, keyctl)
    "x86_64": (0xC000003E, 41, (425, 426, 427, 248, 249, 250)),
    "aarch64": (0xC00000B7, 198, (425, 426, 427, 217, 218, 219)),
}
_X32_BIT = 0x40000000  # x32 syscalls carry x86_64's audit arch: refuse them all

# Landlock filesystem rights (uapi landlock.h), by the ABI that introduced them.
EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3  # EXECUTE: handled, never granted
REMOVE_DIR, REMOVE_FILE, MAKE_DIR, MAKE_REG = 1 << 4, 1 << 5, 1 << 7, 1 << 8
REFER, TRUNCATE = 1 << 13, 1 << 14  # ABI 2, ABI 3
_FS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 5: (1 << 16) - 1}  # 5 adds IOCTL_DEV
_NET_TCP = 0b11  # ABI 4: BIND_TCP | CONNECT_TCP
_SCOPES = 0b11  # ABI 6: ABSTRACT_UNIX_SOCKET | SIGNAL
_KNOWN_ABI = 7  # 7 added audit-log flags only; a newer kernel gets what 7 knows


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("fs", ctypes.c_uint64), ("net", ctypes.c_uint64), ("scoped", ctypes.c_uint64)]


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


class _Refused(Exception):
    pass


_libc = ctypes.CDLL(None, use_errno=True)


def _call(what, result):
    if result < 0:
        code = ctypes.get_errno()
        raise _Refused(f"{what} failed: {errno.errorcode.get(code, code)} ({os.strerror(code)})")
    return result


def _sys(nr, *args):
    return _call(f"syscall {nr}", _libc.syscall(ctypes.c_long(nr), *args))


def _runtime_paths():
    """Directories of the standard library, and of the shared objects the interpreter has mapped."""
    # Not every sys.path entry: a .pth file in site-packages may add any folder (an editable
    # install adds a checkout). The standard library is where os.py is, and its lib-dynload.
    stdlib = os.path.dirname(os.path.realpath(os.__file__))
    dirs = [stdlib] + [p for p in sys.path if os.path.basename(p.rstrip("/")) == "lib-dynload" and os.path.isdir(p)]
    try:  # read before the rules exist; /proc is not granted afterwards
        with open("/proc/self/maps") as maps:
            mapped = {f[5].strip() for f in (line.split(None, 5) for line in maps) if len(f) == 6}
    except OSError:
        mapped = set()
    # An extension module imported later needs its libraries (libffi, libcrypto…) beside these.
    dirs += [os.path.dirname(p) for p in mapped if p.startswith("/") and ".so" in os.path.basename(p)]
    out = []
    for d in sorted({os.path.realpath(d) for d in dirs}):
        if not any(d == o or d.startswith(o + "/") for o in out):
            out.append(d)
    return out


def _grants(cfg, here):
    """(path, rights) the REPL may use; everything else is refused."""
    read_dir, rw = READ_FILE | READ_DIR, READ_FILE | READ_DIR | WRITE_FILE | TRUNCATE | \
        REMOVE_FILE | REMOVE_DIR | MAKE_DIR | MAKE_REG | REFER
    out = [(d, read_dir) for d in _runtime_paths()]
    # The loader's index of library paths, for those libraries; a public file, nothing secret.
    files = ["/etc/ld.so.cache", here, os.path.join(os.path.dirname(here), "confine.py"), cfg["input"]]
    out += [(f, READ_FILE) for f in files if os.path.isfile(f)]
    work = cfg.get("work") or os.getcwd()
    out.append((work, rw))
    return out


def _landlock(cfg, grants, report, tcp=True):
    """Restricts this process to `grants`, (path, rights) or (path, rights, quiet: not reported)."""
    if cfg.get("simulate_unconfined") == "landlock":
        raise _Refused("Landlock is not available (simulated by a test)")
    abi = _libc.syscall(ctypes.c_long(_CREATE_RULESET), None, ctypes.c_size_t(0), ctypes.c_uint32(1))
    if abi < 0:
        code = ctypes.get_errno()
        why = {errno.EOPNOTSUPP: "disabled at boot", errno.ENOSYS: "not in this kernel, or blocked by a container"}
        raise _Refused(f"Landlock is not available ({why.get(code, errno.errorcode.get(code, code))})")
    report["abi"] = abi
    abi = min(abi, _KNOWN_ABI)
    fs = _FS_BY_ABI[max(k for k in _FS_BY_ABI if k <= abi)]
    attr = _RulesetAttr(fs, _NET_TCP if abi >= 4 and tcp else 0, _SCOPES if abi >= 6 else 0)
    size = 8 if abi < 4 else 16 if abi < 6 else 24
    ruleset = _sys(_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), ctypes.c_uint32(0))
    try:
        for path, rights, *quiet in grants:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue  # a path that is not there grants nothing
            try:
                rule = _PathBeneath(rights & fs, fd)
                _sys(_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(1), ctypes.byref(rule), ctypes.c_uint32(0))
            finally:
                os.close(fd)
            if not quiet:
                report["write" if rights & WRITE_FILE else "read"].append(path)
        _sys(_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0))
    finally:
        os.close(ruleset)
    report.update(fs=True, net=abi >= 4 and tcp, scoped=abi >= 6)


def seccomp_program(machine, sockets=True):
    """The BPF filter for an architecture, as (code, jump if true, jump if false, k); None if unknown.
    `sockets=False` leaves socket() allowed (a verify command given the network)."""
    arch = _ARCHES.get(machine)
    if arch is None:
        return None
    audit, socket_nr, others = arch
    ld, jeq, jge, ret = 0x20, 0x15, 0x35, 0x06
    returns = {"allow": 0x7FFF0000, "eacces": 0x00050000 | errno.EACCES,
               "eperm": 0x00050000 | errno.EPERM, "kill": 0x80000000}
    order = list(returns)
    # After the arch check: load the number, then one test per refused call; each jumps to a return.
    tests = ([(jge, _X32_BIT, "eperm")] if machine == "x86_64" else []) + \
        ([(jeq, socket_nr, "eacces")] if sockets else []) + [(jeq, nr, "eperm") for nr in others]
    n = len(tests) + 1  # the tests and the load before them
    prog = [(ld, 0, 0, 4), (jeq, 0, n + order.index("kill"), audit), (ld, 0, 0, 0)]  # arch, then nr
    for i, (code, k, where) in enumerate(tests):
        prog.append((code, len(tests) - i - 1 + order.index(where), 0, k))  # jumps skip what follows
    return prog + [(ret, 0, 0, returns[name]) for name in order]


def _seccomp(cfg, report, sockets=True):
    if cfg.get("simulate_unconfined") == "seccomp":
        raise _Refused("the seccomp filter could not be set (simulated by a test)")
    prog = seccomp_program(os.uname().machine, sockets)
    if prog is None:
        raise _Refused(f"no seccomp filter for the {os.uname().machine} architecture")

    class Filter(ctypes.Structure):
        _fields_ = [("code", ctypes.c_uint16), ("jt", ctypes.c_uint8), ("jf", ctypes.c_uint8), ("k", ctypes.c_uint32)]

    class Prog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(Filter))]

    filters = (Filter * len(prog))(*[Filter(*ins) for ins in prog])
    fprog = Prog(len(prog), filters)
    # PR_SET_SECCOMP, SECCOMP_MODE_FILTER
    _call("prctl(PR_SET_SECCOMP)", _libc.prctl(ctypes.c_int(22), ctypes.c_ulong(2), ctypes.byref(fprog),
                                               ctypes.c_ulong(0), ctypes.c_ulong(0)))
    report["seccomp"] = True


def confine(cfg, here):
    """Confines this process; returns what applied. `applied` is False when any part failed."""
    report = {"sandbox": "landlock", "applied": False, "abi": 0, "fs": False, "net": False,
              "scoped": False, "seccomp": False, "read": [], "write": []}
    try:
        if not sys.platform.startswith("linux"):
            raise _Refused(f"Landlock and seccomp are Linux only, and this is {sys.platform}")
        # PR_SET_NO_NEW_PRIVS: required by both, and no setuid program can give privileges back.
        _call("prctl(PR_SET_NO_NEW_PRIVS)", _libc.prctl(ctypes.c_int(38), ctypes.c_ulong(1), ctypes.c_ulong(0),
                                                        ctypes.c_ulong(0), ctypes.c_ulong(0)))
        _landlock(cfg, _grants(cfg, here), report)
        _seccomp(cfg, report)
        report["applied"] = True
    except _Refused as refused:
        report["reason"] = str(refused)
    except Exception as exc:  # a confinement that failed in some other way is no confinement
        report["reason"] = f"{type(exc).__name__}: {exc}"
    return report


# ---- The verify command's profile ----------------------------------------------------------------
# `python3 -I -S confine.py CONFIG_JSON COMMAND` confines itself as below, prints one line saying
# what applied, and only then replaces itself with `/bin/sh -c COMMAND` (COMMAND, the workflow's
# verify-command, is one argv element: no shell of the host's sees it). The command runs the pull
# request's code as a model changed it, so it gets the system's programs and libraries, read and
# execute only, and writes only its copy of the workspace and its private home; no socket unless
# the workflow gave it the network. The REPL's profile above is unchanged by this one.
IOCTL_DEV = 1 << 15  # ABI 5
MAKE_SYM, MAKE_FIFO, MAKE_SOCK = 1 << 12, 1 << 10, 1 << 9
_FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV
_SYSTEM = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"]
# /etc is read one entry at a time so that these stay out (the password hashes, sudo's rules, the
# SSH host keys, TLS private keys); what a program needs there (passwd, group, hosts, resolv.conf,
# nsswitch.conf, ssl/certs, ld.so.cache, alternatives…) is public.
_ETC_HELD_BACK = ["/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-", "/etc/sudoers",
                  "/etc/sudoers.d", "/etc/ssh", "/etc/ssl/private", "/etc/security/opasswd"]
_DEVICES = [("/dev/null", True), ("/dev/zero", False), ("/dev/full", True), ("/dev/random", False),
            ("/dev/urandom", False)]
# Whole-system figures Node's os.cpus(), freemem() and uptime() read, the same for every process.
# Nothing under /proc/<pid> (self included: a grant cannot follow a new process), so another
# process's command line stays unreadable, and process.memoryUsage() fails with EACCES.
_SYSTEM_FIGURES = ["/proc/stat", "/proc/cpuinfo", "/proc/meminfo", "/proc/uptime", "/proc/loadavg",
                   "/sys/devices/system/cpu"]
REPORT_PREFIX = "rivumi-confinement "


def _covers(path, other):
    """`path` is `other` or one of its parent folders."""
    return path == other or path == "/" or other.startswith(path.rstrip("/") + "/")


def _etc_grants(read, denied):
    """/etc without what _ETC_HELD_BACK names: folder listings there, then each other entry."""
    out = [("/etc", READ_DIR, True)]

    def walk(folder):
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if path in _ETC_HELD_BACK:
                continue
            if any(held.startswith(path + "/") for held in _ETC_HELD_BACK) and os.path.isdir(path):
                walk(path)
                continue
            # A rule holds what a link leads to (resolv.conf's file in /run, say): never a denied
            # folder, anything in one, or a process's own files.
            real = os.path.realpath(path)
            if real.startswith(("/proc/", "/sys/", "/dev/")) or \
                    any(_covers(d, real) or _covers(real, d) for d in denied):
                continue
            out.append((path, read if os.path.isdir(real) else read & _FILE_RIGHTS, True))

    walk("/etc")
    return out


def _command_grants(cfg):
    read = READ_FILE | READ_DIR | EXECUTE
    rw = read | WRITE_FILE | TRUNCATE | REMOVE_FILE | REMOVE_DIR | MAKE_DIR | MAKE_REG | MAKE_SYM | \
        MAKE_FIFO | MAKE_SOCK | REFER
    denied = [os.path.realpath(d) for d in cfg.get("deny", [])]
    named = [(p, read) for p in _SYSTEM + _runtime_paths() + cfg.get("read", [])]
    named += [(p, rw) for p in cfg["write"]]
    out = []
    for path, rights in named:
        real = os.path.realpath(path)
        if not os.path.exists(real) or any(_covers(real, d) for d in denied):
            continue  # never a folder that holds the runner's home, its temp or the workspace
        rights = rights if os.path.isdir(real) else rights & _FILE_RIGHTS
        # A folder inside one granted as much already adds nothing (the python runtime in /usr).
        if not any(_covers(p, real) and r & rights == rights for p, r in out):
            out.append((real, rights))
    out += _etc_grants(READ_FILE | READ_DIR, denied)
    out += [(p, READ_FILE | READ_DIR if os.path.isdir(p) else READ_FILE, True) for p in _SYSTEM_FIGURES
            if os.path.exists(p)]
    return out + [(dev, (READ_FILE | WRITE_FILE | IOCTL_DEV) if w else READ_FILE, True) for dev, w in _DEVICES]


def confine_command(cfg):
    """Confines this process for the verify command; returns what applied, as confine() does."""
    network = bool(cfg.get("network"))
    report = {"sandbox": "landlock", "applied": False, "abi": 0, "fs": False, "net": False,
              "scoped": False, "seccomp": False, "network": network, "read": [], "write": [],
              "etc_held_back": [p for p in _ETC_HELD_BACK if os.path.lexists(p)]}
    try:
        if not sys.platform.startswith("linux"):
            raise _Refused(f"Landlock and seccomp are Linux only, and this is {sys.platform}")
        _call("prctl(PR_SET_NO_NEW_PRIVS)", _libc.prctl(ctypes.c_int(38), ctypes.c_ulong(1), ctypes.c_ulong(0),
                                                        ctypes.c_ulong(0), ctypes.c_ulong(0)))
        _landlock(cfg, _command_grants(cfg), report, tcp=not network)
        _seccomp(cfg, report, sockets=not network)
        report["applied"] = True
    except _Refused as refused:
        report["reason"] = str(refused)
    except Exception as exc:  # a confinement that failed in some other way is no confinement
        report["reason"] = f"{type(exc).__name__}: {exc}"
    return report


def _limit(cfg):
    import resource

    names = {"fsize": resource.RLIMIT_FSIZE, "nproc": resource.RLIMIT_NPROC, "core": resource.RLIMIT_CORE}
    for key, value in cfg.get("limits", {}).items():
        hard = resource.getrlimit(names[key])[1]
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(names[key], (value, value))


def _run_command(cfg, command):
    # Dies with the host (kept across execve); a timeout kills the process group besides.
    _libc.prctl(ctypes.c_int(1), ctypes.c_ulong(9), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0))
    os.chdir(cfg["cwd"])
    _limit(cfg)
    report = confine_command(cfg)
    sys.stdout.write(REPORT_PREFIX + json.dumps(report) + "\n")
    sys.stdout.flush()
    if not report["applied"]:
        return 125  # nothing ran
    os.dup2(1, 2)  # one stream, in the order the command wrote it
    os.execv("/bin/sh", ["sh", "-c", command])


if __name__ == "__main__":
    import json

    sys.exit(_run_command(json.loads(sys.argv[1]), sys.argv[2]))
