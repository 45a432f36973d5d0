# Two commands do all the set-up: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench clean install map sounds

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -qq --disable-pip-version-check --upgrade pip
	# -qq: errors only (setuptools' editable-install notice is not one)
	$(BIN)/python -m pip install -qq --disable-pip-version-check -c constraints.txt -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/companion demo $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check companion tests benchmarks tools
	$(BIN)/ruff format --check companion tests benchmarks tools
	$(BIN)/mypy

test: $(STAMP) lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest

bench: $(STAMP)
	for f in benchmarks/*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

sounds: $(STAMP)
	$(BIN)/python tools/make_sounds.py

map: $(STAMP)
	$(BIN)/python tools/build_tokyo_map.py

# On the Pi: sudo make install (ARGS=--dry-run to only print the commands, ARGS=--start).
install:
	bash tools/install.sh $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
