"""The test objects registered in C++ ("testing.*"), as Python classes made from reflection."""

from __future__ import annotations

from .registry import object_class

TestIntPair = object_class("testing.TestIntPair")
TestBase = object_class("testing.TestBase")
TestNode = object_class("testing.TestNode")

__all__ = ["TestIntPair", "TestBase", "TestNode"]
