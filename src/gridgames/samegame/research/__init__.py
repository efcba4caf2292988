"""SameGame research: the search kernel (``_search.pyx``, twin ``_search_pure.py``),
one search of one board (``_single``), campaigns of many (``_campaign``) on threads,
Ray (``_ray``) or root-parallel NRPA (``_rootpar``), their results files
(``_results``), progress line (``_progress``), the best games known (``_best``) and
the driver of a campaign from its results file to its totals (``_driver``); the
`gridgames samegame solve|replay` commands are ``gridgames.cli.samegame_research``.  The public names
are those of ``gridgames.samegame``."""
