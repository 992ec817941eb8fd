"""rulespec's oracle in Python, in-process.

    import rulespec
    rulespec.ask({"game": "go", "query": "play", "ruleset": "ing-1996", "size": 9, "move": "E5"})

ask(request) answers one oracle request (a dict, the fields of docs/oracle.md) with a dict, as
`rulespec oracle` answers a JSON line: a bad request gives {"error": {...}}, never an exception.
ask_many(requests) answers a batch. The compiled part (_rulespec) is built by `make` (or
`make test`) into BUILD/python; RULESPEC_BUILD_DIR names another build directory.
"""
import importlib.util as _util
import os as _os
import sys as _sys


def _load():
    here = _os.path.dirname(_os.path.abspath(__file__))
    build = _os.environ.get("RULESPEC_BUILD_DIR", _os.path.join(here, _os.pardir, "build"))
    directory = _os.path.join(build, "python")
    names = sorted(n for n in _os.listdir(directory) if n.startswith("_rulespec.") and n.endswith(".so")) if _os.path.isdir(directory) else []
    if not names:
        raise ImportError("rulespec: the compiled module _rulespec is not built in " + _os.path.abspath(directory) +
                          " (run `make` or `make test` in the repository, or set RULESPEC_BUILD_DIR)")
    spec = _util.spec_from_file_location("_rulespec", _os.path.join(directory, names[0]))
    module = _util.module_from_spec(spec)
    spec.loader.exec_module(module)
    _sys.modules["_rulespec"] = module
    return module


_native = _load()
ask = _native.ask
ask_many = _native.ask_many
version = _native.version
commit = _native.commit
__version__ = _native.__version__
__all__ = ["ask", "ask_many", "version", "commit", "__version__"]
