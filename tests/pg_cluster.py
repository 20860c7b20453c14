"""A throw-away PostgreSQL server for the tests: ``initdb`` + ``pg_ctl`` on 127.0.0.1, a random
free port, a temporary folder, ``fsync=off``; started once per test session, stopped at its end.

PostgreSQL refuses to run as root (CI and this machine run as root): the cluster then belongs to an
unprivileged user (``postgres``, or ``$LOREGUARD_PG_USER``) and its commands run through
``runuser``. The binaries are found on PATH or in Debian's ``/usr/lib/postgresql/<version>/bin``.

A missing or broken server FAILS the tests that need it, with the reason: the PostgreSQL backend
is part of the product, not an optional extra. Only ``LOREGUARD_NO_PG=1`` (set by hand, for a
developer without PostgreSQL; CI never sets it) turns those tests into skips.

Test modules import the fixtures they use (``from pg_cluster import backend_url, pg_cluster``).
Every test gets a database of its own (``new_database``).
"""

from __future__ import annotations

import atexit
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

NO_PG_ENV = "LOREGUARD_NO_PG"
USER_ENV = "LOREGUARD_PG_USER"
SUPERUSER = "loreguard"


def pg_bin(name: str) -> str | None:
    """A PostgreSQL program: on PATH, else the newest Debian install."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"), key=lambda p: _version(p.parts[-3]))
    return str(candidates[-1]) if candidates else None


def install_server_programs() -> None:
    """On a fresh Debian machine run as root (CI), install PostgreSQL from Debian's packages, so
    that the README's test command needs nothing else. Elsewhere do nothing: the caller fails with
    instructions."""
    if pg_bin("initdb") and pg_bin("pg_ctl"):
        return
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        return
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for argv in (["apt-get", "update", "-q"],
                 ["apt-get", "install", "-y", "-q", "--no-install-recommends", "postgresql"]):
        subprocess.run(argv, env=env, capture_output=True, text=True, timeout=900)


def ensure_os_user(name: str) -> None:
    """As root, PostgreSQL runs as an unprivileged user; create it if the machine has none."""
    try:
        pwd.getpwnam(name)
    except KeyError:
        if os.geteuid() == 0 and shutil.which("useradd"):
            subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
                           capture_output=True, text=True, timeout=60)


def _version(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        return 0.0


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PGCluster:
    """One running server; ``url(db)`` for its databases, ``new_database()`` for a fresh one."""

    def __init__(self) -> None:
        install_server_programs()  # before the user: Debian's package creates its own
        self.user = self._os_user()
        self.root = Path(tempfile.mkdtemp(prefix="loreguard-pg-"))
        self.data = self.root / "data"
        self.port = 0
        self._names = itertools.count(1)
        self.running = False

    @staticmethod
    def _os_user() -> str | None:
        """None when we may run PostgreSQL ourselves; else the unprivileged user to run it as."""
        if os.geteuid() != 0:
            return None
        name = os.environ.get(USER_ENV) or "postgres"
        ensure_os_user(name)
        try:
            pwd.getpwnam(name)
        except KeyError:
            raise RuntimeError(
                f"running as root and there is no {name!r} user to run PostgreSQL as "
                f"(create one, e.g. `useradd --system {name}`, or set {USER_ENV})"
            ) from None
        return name

    def _run(self, *argv: str) -> subprocess.CompletedProcess[str]:
        command = list(argv)
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            log = self.root / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(argv[:2])} failed ({result.returncode}): {result.stderr or result.stdout}\n{tail}")
        return result

    def start(self) -> None:
        initdb, pg_ctl = pg_bin("initdb"), pg_bin("pg_ctl")
        if not initdb or not pg_ctl:
            raise RuntimeError(
                "PostgreSQL is not installed (no initdb/pg_ctl on PATH or in /usr/lib/postgresql/*/bin); "
                "install it (Debian: apt-get install -y postgresql) or set LOREGUARD_NO_PG=1 to skip"
            )
        if self.user is not None:
            shutil.chown(self.root, user=self.user)
        self._run(initdb, "-D", str(self.data), "-U", SUPERUSER, "-A", "trust", "-E", "UTF8",
                  "--no-sync", "--locale=C")
        for attempt in range(5):
            self.port = _free_port()
            options = (
                f"-c listen_addresses=127.0.0.1 -c port={self.port} -c unix_socket_directories={self.root} "
                "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
            )
            try:
                self._run(pg_ctl, "-D", str(self.data), "-o", options, "-l", str(self.root / "server.log"),
                          "-w", "-t", "60", "start")
            except RuntimeError:
                if attempt == 4:
                    raise
                continue
            break
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.running = False
            pg_ctl = pg_bin("pg_ctl")
            if pg_ctl:
                subprocess.run(
                    (["runuser", "-u", self.user, "--"] if self.user else [])
                    + [pg_ctl, "-D", str(self.data), "-m", "immediate", "-w", "stop"],
                    capture_output=True, timeout=60,
                )
        for _ in range(50):  # the server may remove its socket lock file a moment after stopping
            shutil.rmtree(self.root, ignore_errors=True)
            if not self.root.exists():
                break
            time.sleep(0.1)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    async def new_database(self, prefix: str = "t") -> str:
        """A fresh, empty database; its URL."""
        import asyncpg

        name = f"{prefix}_{os.getpid()}_{next(self._names)}"
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        return self.url(name)


_CLUSTER: PGCluster | None = None
_FAILURE: str | None = None


def shared_cluster() -> PGCluster:
    """The session's cluster, started on first use (every test module shares it)."""
    global _CLUSTER, _FAILURE
    if os.environ.get(NO_PG_ENV) == "1":
        pytest.skip(f"{NO_PG_ENV}=1: PostgreSQL tests skipped by request")
    if _FAILURE is not None:
        pytest.fail(_FAILURE, pytrace=False)
    if _CLUSTER is None:
        cluster: PGCluster | None = None
        try:
            cluster = PGCluster()
            cluster.start()
        except Exception as exc:  # noqa: BLE001 - any reason is reported the same way
            if cluster is not None:
                cluster.stop()
            _FAILURE = f"cannot start a throw-away PostgreSQL server for the tests: {exc}"
            pytest.fail(_FAILURE, pytrace=False)
        _CLUSTER = cluster
        atexit.register(cluster.stop)
    return _CLUSTER


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PGCluster]:
    cluster = shared_cluster()
    yield cluster
    cluster.stop()  # idempotent: every module's copy of this fixture ends with the session


BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(params=BACKENDS)
async def backend_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A fresh database of each backend, as a URL ``open_store`` takes."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'loreguard.db'}"
    else:
        cluster: PGCluster = request.getfixturevalue("pg_cluster")
        yield await cluster.new_database()


@pytest.fixture
async def pg_url(pg_cluster: PGCluster) -> str:
    """A fresh PostgreSQL database."""
    return await pg_cluster.new_database()
