# Two commands: `make run` and `make test`. Everything else is set up on the way.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
LOCK     = requirements.lock
DEV_LOCK = requirements-dev.lock
UV_VERSION ?= 0.13.9
COV_DATA = .coverage-data
COV_PACKAGES = bot service games render storage
PYTEST_ARGS ?=
## pytest-xdist workers: three per core, as the end-to-end tests mostly wait on their bot process and on
## Discord's (emulated) rate limits (2 cores: pytest 11:50 at four workers, 9:57 at six, 11:23 at eight);
## tests/support/schedule.py deals the long tests out first, by their times in tests/support/durations.json.
## PYTEST_WORKERS=0 runs the suite in this process, one test after another.
PYTEST_WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) * 3 )))
SHELL   = /bin/bash

.PHONY: run test coverage lint bench fonts setup lock clean docker-smoke

## The exact versions in $(DEV_LOCK) (hash-checked), then Tabula itself on top of them.
$(STAMP): pyproject.toml $(DEV_LOCK)
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q --require-hashes -r $(DEV_LOCK)
	$(BIN)/python -m pip install -q --no-deps -e .
	@touch $(STAMP)

setup: $(STAMP) fonts

## A CJK font so Chinese renders in images (Debian/Ubuntu: fonts-wqy-microhei).
fonts:
	@if fc-list 2>/dev/null | grep -qiE 'wqy|noto (sans|serif) cjk|source han'; then :; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	  echo "Installing a CJK font (fonts-wqy-microhei)..."; \
	  (apt-get install -y -qq fonts-wqy-microhei >/dev/null 2>&1 || \
	   (apt-get update -qq >/dev/null && apt-get install -y -qq fonts-wqy-microhei >/dev/null)); \
	elif command -v apt-get >/dev/null 2>&1 && command -v sudo >/dev/null 2>&1; then \
	  sudo apt-get install -y -qq fonts-wqy-microhei; \
	else echo "Please install a CJK font (e.g. fonts-wqy-microhei or Noto Sans CJK), or set TABULA_FONT." >&2; exit 1; fi

## The Discord bot when DISCORD_TOKEN is set, otherwise a local table in the terminal.
run: setup
	$(BIN)/tabula run

## Lint, type-check, then the whole test suite (PostgreSQL tests run against TABULA_TEST_DATABASE_URL
## or a local server on the default port) and a summary of the coverage of the bot processes the
## e2e tests run (see [tool.coverage] in pyproject.toml; the test process itself is not traced, so
## the suite keeps its speed). The exit status is pytest's: coverage is reported, not enforced.
## A part of the suite: make test PYTEST_ARGS="tests/e2e -x".
test: setup
	$(BIN)/ruff check .
	$(BIN)/mypy
	@# Every e2e test starts a bot and a drawing process: with PYTHONDONTWRITEBYTECODE set (as on CI) each
	@# compiled the project's sources again at every start. Written once here, they are read (issue 25 §3).
	@$(BIN)/python -m compileall -q -j 0 $(COV_PACKAGES) tests bench >/dev/null
	@rm -rf $(COV_DATA)
	@status=0; TABULA_BOT_COVERAGE=$(CURDIR)/pyproject.toml $(BIN)/python -m pytest -q \
	  -n $(PYTEST_WORKERS) --dist worksteal $(PYTEST_ARGS) || status=$$?; \
	  $(MAKE) --no-print-directory coverage || echo "(no coverage summary)"; \
	  exit $$status

## Merge the data files of the last `make test` (one per bot process) and summarise them.
## Per file: .venv/bin/coverage report (or html, then open htmlcov/index.html).
coverage:
	@if compgen -G '$(COV_DATA)/coverage.*' >/dev/null; then $(BIN)/python -m coverage combine -q; fi
	@echo "Coverage of the bot processes under e2e (statements, missed, covered):"
	@$(BIN)/python -m coverage report | awk -v packages="$(COV_PACKAGES)" ' \
	  $$4 ~ /%$$/ && $$1 != "TOTAL" { split($$1, path, "/"); stmts[path[1]] += $$2; miss[path[1]] += $$3 } \
	  $$1 == "TOTAL" { total = sprintf("  %-9s %6s %6s %7s", "total", $$2, $$3, $$4) } \
	  END { n = split(packages, pkg, " "); for (i = 1; i <= n; i++) { p = pkg[i]; if (stmts[p]) \
	          printf "  %-9s %6d %6d %6.1f%%\n", p "/", stmts[p], miss[p], 100 * (stmts[p] - miss[p]) / stmts[p] } \
	        print total }'

## Refresh the lock files from pyproject.toml's ranges, to the newest versions they allow (uv):
## $(DEV_LOCK) for make test and CI, $(LOCK) (the same versions, without the dev tools) for the
## Docker image. Both hold hashes and suit Python >= 3.11 on any platform. Review, test, commit.
lock:
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q "uv==$(UV_VERSION)"
	$(BIN)/uv pip compile -q pyproject.toml --extra dev --universal --python-version 3.11 --generate-hashes \
	  --upgrade --custom-compile-command "make lock" -o $(DEV_LOCK)
	$(BIN)/uv pip compile -q pyproject.toml --universal --python-version 3.11 --generate-hashes \
	  -c $(DEV_LOCK) --custom-compile-command "make lock" -o $(LOCK)

lint: setup
	$(BIN)/ruff check .

bench: setup
	$(BIN)/tabula bench

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache *.egg-info $(COV_DATA) htmlcov

## Build the image and play in it as a newcomer would: a whole bot game with images, and `tabula run`
## without a token (the console, its files under /data). Skipped where no Docker daemon answers.
docker-smoke:
	@if ! docker info >/dev/null 2>&1; then echo "docker-smoke: no Docker daemon here; skipped."; exit 0; fi; \
	set -e; docker build -q -t tabula-smoke . >/dev/null; \
	docker run --rm tabula-smoke tabula play wonderful-world --players 3 --bots 3 --seed 1 --out /data/out \
	  | tail -3; \
	echo quit | docker run --rm -i tabula-smoke tabula run | tail -2; \
	echo "docker-smoke: the image plays."
