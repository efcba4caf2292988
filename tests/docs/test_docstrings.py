"""Every public member has a docstring: each name of a public module's
``__all__`` (a function or a class) and each public method and property of
those classes, inherited ones included where gridgames defines them (the
Protocols of ``gridgames.protocol`` are what a game from elsewhere reads first).
A name that needs an extra this interpreter lacks is left out, and counted."""
import importlib
import inspect
import pkgutil

import gridgames


def public_modules():
    names = ["gridgames"] + [m.name for m in pkgutil.walk_packages(gridgames.__path__, "gridgames.")
                             if not any(part.startswith("_") for part in m.name.split("."))]
    for name in names:
        try:
            yield importlib.import_module(name)
        except ImportError:  # an extra's module without the extra
            continue


def ours(obj):
    return (getattr(obj, "__module__", None) or "").startswith("gridgames")


def undocumented(module):
    """(dotted name) of each public member of ``module`` without a docstring."""
    for name in getattr(module, "__all__", ()):
        try:
            obj = getattr(module, name)
        except ImportError:  # loaded on first use, from an extra
            continue
        if not (inspect.isclass(obj) or inspect.isroutine(obj)) or not ours(obj):
            continue  # constants, type aliases
        if not (obj.__doc__ or "").strip():
            yield f"{module.__name__}.{name}"
        if inspect.isclass(obj):
            for cls in obj.__mro__:
                if not ours(cls):
                    continue
                for member, value in vars(cls).items():
                    if member.startswith("_"):
                        continue
                    func = value.fget if isinstance(value, property) else getattr(value, "__func__", value)
                    if (isinstance(value, property) or inspect.isroutine(func)) and not (func.__doc__ or "").strip():
                        yield f"{module.__name__}.{name}.{member}"


def test_every_public_member_has_a_docstring():
    modules = list(public_modules())
    assert {"gridgames.protocol", "gridgames.samegame"} <= {m.__name__ for m in modules}
    missing = sorted({name for module in modules for name in undocumented(module)})
    assert missing == []


def test_the_check_finds_a_member_without_one():
    module = type(gridgames)("gridgames.fake")
    cls = type("Thing", (), {"__module__": "gridgames.fake", "__doc__": "A thing.", "go": lambda self: None,
                             "size": property(lambda self: 1), "_private": lambda self: None})
    module.Thing, module.__all__ = cls, ["Thing"]
    assert sorted(undocumented(module)) == ["gridgames.fake.Thing.go", "gridgames.fake.Thing.size"]
