# Two commands: `make run` and `make test`. Everything else is set up on the way.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
SHELL   = /bin/bash

.PHONY: run test lint bench fonts setup clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
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

## Lint, then the whole test suite (PostgreSQL tests run when TABULA_TEST_DATABASE_URL is set).
test: setup
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q

lint: setup
	$(BIN)/ruff check .

bench: setup
	$(BIN)/tabula bench

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache *.egg-info
