"""Run inside Pyodide under Node by ``compile_pyc.mjs``: compile Python sources to Pyodide's bytecode.

Reads ``request_json`` (``{"files": {"pkg/x.py": "<base64 source>", ...}}``, set as a global by the
script) and leaves the answer in ``answer_json``: ``{"python", "cache_tag", "pyc": {"pkg/__pycache__/
x.cpython-3XX.pyc": "<base64>"}}``. Bytecode uses the unchecked-hash invalidation mode (PEP 552):
the browser imports it without comparing timestamps, and the same source gives the same bytes.
Docstrings are left out of it (nothing in the browser reads them; they were about 2% of the
memory snapshot); everything else compiles as written, asserts included.
Imported elsewhere (a test, a doctest run) it only defines :func:`answer`.
"""

import ast
import base64
import importlib.util
import json
import marshal
import sys

_DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree: ast.Module) -> ast.Module:
    """The tree with the docstring of its module, classes and functions taken out.

    >>> tree = ast.parse("'module'\\nclass C:\\n    'class'\\n    def f(self):\\n        'method'\\n        return 1\\n")
    >>> space = {}; exec(compile(without_docstrings(tree), "x", "exec"), space)
    >>> space.get("__doc__"), space["C"].__doc__, space["C"].f.__doc__, space["C"]().f()
    (None, None, None, 1)
    """
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, _DOCUMENTED) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            first = body.pop(0)
            if not body:  # a body of only a docstring still needs a statement
                body.append(ast.copy_location(ast.Pass(), first))
    return tree


def bytecode(name: str, source: bytes) -> bytes:
    """The unchecked-hash .pyc bytes of one source file (``name`` is its path inside the wheel)."""
    code = compile(without_docstrings(ast.parse(source, filename=name)), name, "exec", dont_inherit=True)
    unchecked_hash = (0b01).to_bytes(4, "little")  # PEP 552 flags: hash-based, not checked
    return importlib.util.MAGIC_NUMBER + unchecked_hash + importlib.util.source_hash(source) + marshal.dumps(code)


def compile_all(files: dict[str, str]) -> dict[str, str]:
    """Base64 bytecode for every base64 source, keyed by its ``__pycache__`` path."""
    out = {}
    for name, data in sorted(files.items()):
        folder, base = name.rsplit("/", 1) if "/" in name else ("", name)
        target = f"{folder}/__pycache__/{base[:-3]}.{sys.implementation.cache_tag}.pyc".lstrip("/")
        out[target] = base64.b64encode(bytecode(name, base64.b64decode(data))).decode("ascii")
    return out


def answer(request_text: str) -> str:
    """The answer's JSON text for the request's JSON text."""
    return json.dumps({"python": sys.version.split()[0], "cache_tag": sys.implementation.cache_tag,
                       "pyc": compile_all(json.loads(request_text)["files"])})


if __name__ == "__main__":  # run by compile_pyc.mjs, which sets request_json
    answer_json = answer(request_json)  # type: ignore[name-defined]  # noqa: F821
