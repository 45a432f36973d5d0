"""Every pure core package in the registry (companion/games.py) imports no I/O library: proven by
importing it with those made unimportable. And mypy (strict) checks every one of them."""

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

from companion.games import GAMES, core_packages

BLOCKED = ["pygame", "cv2", "gpiozero", "serial", "sqlite3", "numpy"]
ROOT = Path(__file__).resolve().parent.parent

CODE = """
import sys
BLOCKED, CORES = {blocked!r}, {cores!r}
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in BLOCKED:
            raise ImportError('blocked: ' + name)
        return None
sys.meta_path.insert(0, Block())
import companion.games
import importlib, pkgutil
for name in CORES:
    pkg = importlib.import_module(name)
    for m in pkgutil.iter_modules(pkg.__path__):
        importlib.import_module(name + '.' + m.name)
leaked = sorted(m for m in sys.modules if m.split('.')[0] in BLOCKED)
assert not leaked, leaked
print('pure')
"""


def test_every_registered_core_imports_without_io_libraries():
    cores = core_packages()
    assert {"companion.metro", "companion.jutaku"} <= set(cores)
    code = CODE.format(blocked=BLOCKED, cores=cores)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "pure"


def test_mypy_checks_every_registered_core():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    files = config["tool"]["mypy"]["files"]
    assert config["tool"]["mypy"]["strict"] is True
    for core in core_packages():
        path = core.replace(".", "/")
        assert any(path == f or path.startswith(f.rstrip("/") + "/") for f in files), core


def test_registry_entries_point_at_what_exists():
    """Every "module:attr" of the registry imports and is callable (this imports pygame)."""
    from companion import games

    for spec in GAMES:
        refs = [spec.new_screen, spec.session, spec.resume_screen, spec.rounds]
        for ref in filter(None, refs):
            assert callable(games.load(ref)), ref
        low, high = spec.players
        assert 1 <= low <= high <= 8
    assert len({spec.key for spec in GAMES}) == len(GAMES)


def _runtime_imports(tree: ast.Module) -> list[str]:
    """Modules imported when the file runs (imports under `if TYPE_CHECKING:` left out)."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            skipped.update(id(n) for child in node.body for n in ast.walk(child))
    names = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def test_ui_never_imports_app():
    """The screens reach the app only through companion.ui.services."""
    offenders = []
    for path in sorted((ROOT / "companion" / "ui").rglob("*.py")):
        name = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = _runtime_imports(tree)
        if any(m.startswith("companion.app") for m in imported):
            offenders.append(name)
    assert not offenders, offenders


def test_the_metro_entry_takes_every_variants_players():
    """The registry's range is the game's; each variant's own range (the rulebook's) fits in it."""
    from companion.games import METRO
    from companion.metro.variant import VARIANTS

    low = min(v.players[0] for v in VARIANTS.values())
    high = max(v.players[1] for v in VARIANTS.values())
    assert METRO.players == (low, high)
