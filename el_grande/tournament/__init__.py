"""`el-grande tournament`: bots against bots over thousands of games, paired and rotated,
every game written to an SQLite file as it ends, resumable, on this machine's processes or a
Dask cluster, with frozen earlier versions as entrants (docs/bots.md, "Tournaments").

    plan.py           the plan: entrants, deals, rotations (canonical JSON in the file)
    match.py          one game of a plan, wherever it is played
    frozen.py         a frozen version: its virtual environment and its worker process
    frozen_worker.py  the script that runs inside a frozen version's environment
    run.py            where the games are played: here, worker processes, a Dask cluster
    figures.py        Wilson intervals, means, Bradley–Terry ratings clustered by deal
    report.py         the file read back: the plan, what is recorded, the report
    command.py        the command line

The file's schema and its writes are the games database's (`el_grande.persist.games`,
version 2). Nothing here is imported by `el-grande` until the command runs.
"""
