"""The pure core imports no I/O library: proven by importing it with those made unimportable."""

import subprocess
import sys

BLOCKED = ["pygame", "cv2", "gpiozero", "serial", "sqlite3", "numpy"]

CODE = f"""
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in {BLOCKED!r}:
            raise ImportError('blocked: ' + name)
        return None
sys.meta_path.insert(0, Block())
import companion.metro, companion.metro.trains, companion.metro.endgame, companion.metro.events
import companion.jutaku
import pkgutil, importlib
for pkg in (companion.metro, companion.jutaku):
    for m in pkgutil.iter_modules(pkg.__path__):
        importlib.import_module(pkg.__name__ + '.' + m.name)
leaked = sorted(m for m in sys.modules if m.split('.')[0] in {BLOCKED!r})
assert not leaked, leaked
print('pure')
"""


def test_core_imports_without_io_libraries():
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "pure"
