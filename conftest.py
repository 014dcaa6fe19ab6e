"""pytest configuration: doctests run over the package, but not its ``__main__``."""

collect_ignore = ["mahjong_core/__main__.py"]
