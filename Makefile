# Rollwright: `make serve` builds and serves the flagship site, `make test` runs every test.
# Each target installs what it needs itself, pinned (requirements*.txt, requirements.lock, package.json):
# serving needs only the site's tools; the test and bench tools come with `make test` and `make bench`.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip install --quiet --disable-pip-version-check
HOST ?= 127.0.0.1
PORT ?= 8000
SITE_URL ?=
# The generator: mkdocs (the default, installed), properdocs or zensical (installed into .venv by hand; README).
GENERATOR ?=
SOURCE_DATE_EPOCH ?= 315532800
export SOURCE_DATE_EPOCH

.PHONY: deps dev-deps serve site pdf dist test test-engine bench fuzz dice-sweep clean

# The site's tools, and Rollwright itself installed editable from this checkout (its plugin and command).
$(VENV)/.site: requirements.txt requirements.lock pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PIP) -r requirements.txt -c requirements.lock
	$(PIP) --no-build-isolation --no-deps -e .
	touch $@

# The test and bench tools on top (pytest, Hypothesis, icepool, Playwright, mypy).
$(VENV)/.dev: $(VENV)/.site requirements-dev.txt
	$(PIP) -r requirements-dev.txt -c requirements.lock
	touch $@

# The site's Python packages as wheels: the test that installs the built Rollwright wheel in a fresh venv
# (tests/scaffold/test_wheel.py) installs them from here, offline.
# The other generators' packages too (requirements-generators.txt): tests/support/generators.py makes a venv for each
# from here, offline.
.cache/wheelhouse/.done: $(VENV)/.site requirements.txt requirements-generators.txt requirements.lock
	$(PY) -m pip wheel --quiet --disable-pip-version-check -r requirements.txt -r requirements-generators.txt \
		-c requirements.lock -w .cache/wheelhouse
	touch $@

# Pyodide (the browser's Python, self-hosted); the tests add axe-core (accessibility checks).
node_modules/.site: package.json package-lock.json
	if [ -f node_modules/.dev ]; then touch $@; else npm ci --omit=dev --no-audit --no-fund --loglevel=error && touch $@; fi

node_modules/.dev: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch node_modules/.site $@

# Bench-only tools (Lighthouse), pinned apart from the site's runtime so `make test` never installs them.
bench/node_modules/.deps: bench/package.json bench/package-lock.json
	npm ci --prefix bench --no-audit --no-fund --loglevel=error
	touch $@

/usr/bin/chromium:
	# Browser tests drive Debian's Chromium (Playwright's own browser download cannot work here).
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

deps: $(VENV)/.site node_modules/.site

dev-deps: $(VENV)/.dev node_modules/.dev .cache/wheelhouse/.done

site: deps
	$(PY) -m rollwright build --site-dir site $(if $(SITE_URL),--site-url $(SITE_URL)) $(if $(GENERATOR),--generator $(GENERATOR))

# The site, with each game's print edition and the whole site's printed to PDF beside it (Debian's Chromium).
pdf: deps
	$(PY) -m rollwright pdf --site-dir site $(if $(SITE_URL),--site-url $(SITE_URL)) $(if $(GENERATOR),--generator $(GENERATOR))

serve: deps
	$(PY) -m rollwright serve --dev-addr $(HOST):$(PORT) $(if $(GENERATOR),--generator $(GENERATOR))

# The installable package: a wheel (with the theme and the pinned Pyodide) and an sdist, reproducible.
dist: deps
	rm -rf dist
	$(PY) -m hatchling build -d dist
	@ls -l dist

test: dev-deps /usr/bin/chromium
	$(PY) -m pytest

test-engine: $(VENV)/.dev
	$(PY) -m pytest tests/dice tests/kit tests/systems -m "not browser and not parity" -p no:cacheprovider

bench: dev-deps bench/node_modules/.deps /usr/bin/chromium
	$(PY) bench/run.py

# Every registry call at the corners of its parameters and inside them, cold, with the slowest timed
# (the suite runs the same sweep small: tests/kit/test_call_sweep.py). Figures: bench/results/call_sweep.json.
# Then every count field of every builder's document at 10^3 to 10^18 through every builder call
# (small in tests/kit/test_document_caps.py). Figures: bench/results/document_walk.json.
fuzz: $(VENV)/.dev
	$(PY) bench/call_sweep.py --extra 1000 --top 25 --json bench/results/call_sweep.json
	$(PY) bench/document_walk.py --json bench/results/document_walk.json

# Issue 37's forms and dice readings on a whole grid of small cases against brute force (the suite checks a
# sample). Figures: bench/results/forms_sweep.json.
dice-sweep: $(VENV)/.dev
	$(PY) bench/forms_sweep.py --json bench/results/forms_sweep.json

clean:
	rm -rf site build dist .pytest_cache .hypothesis
