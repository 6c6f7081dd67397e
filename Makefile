# Rollwright: `make serve` builds and serves the site, `make test` runs every test.
# Each target installs what it needs itself, pinned (see requirements*.txt, package.json).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export NO_MKDOCS_2_WARNING := 1
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: deps serve site test test-engine bench fuzz clean

$(VENV)/.deps: requirements.txt requirements-dev.txt requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt -c requirements.lock
	touch $@

node_modules/.deps: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Bench-only tools (Lighthouse), pinned apart from the site's runtime so `make test` never installs them.
bench/node_modules/.deps: bench/package.json bench/package-lock.json
	npm ci --prefix bench --no-audit --no-fund --loglevel=error
	touch $@

/usr/bin/chromium:
	# Browser tests drive Debian's Chromium (Playwright's own browser download cannot work here).
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

deps: $(VENV)/.deps node_modules/.deps

site: deps
	$(PY) -m mkdocs build --strict --site-dir site

serve: deps
	$(PY) -m mkdocs serve --strict --dev-addr $(HOST):$(PORT)

test: deps /usr/bin/chromium
	$(PY) -m pytest

test-engine: $(VENV)/.deps
	$(PY) -m pytest tests/dice tests/kit tests/systems -m "not browser" -p no:cacheprovider

bench: deps bench/node_modules/.deps /usr/bin/chromium
	$(PY) bench/run.py

# Every registry call at the corners of its parameters and inside them, cold, with the slowest timed
# (the suite runs the same sweep small: tests/kit/test_call_sweep.py). Figures: bench/results/call_sweep.json.
fuzz: $(VENV)/.deps
	$(PY) bench/call_sweep.py --extra 1000 --top 25 --json bench/results/call_sweep.json

clean:
	rm -rf site build .pytest_cache .hypothesis
