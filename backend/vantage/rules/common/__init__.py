"""Geometry rules shared by the miniature systems: measuring, engagement, coherency, sight, cover.

``systems.geometry_for(system)`` returns the object the scenario runner and the server call.
"""
