"""A plug-in's views module that fails while it is imported, for the error tests."""

raise RuntimeError("the views of this plug-in are broken")
