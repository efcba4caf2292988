"""SameGame research: the search kernel (``_search.pyx``, twin ``_search_pure.py``),
campaigns of many searches (``_campaign``) on threads, Ray (``_ray``) or
root-parallel NRPA (``_rootpar``), their results files (``_results``), progress
line (``_progress``), the best games known (``_best``) and the driver of a
campaign from its results file to its totals (``_driver``).  One search of one
board is ``gridgames.samegame._single``, beside the Board it searches (not part
of this package).  The `gridgames samegame solve|replay` commands are
``gridgames.cli.samegame_research``.  The public names are those of
``gridgames.samegame``."""
