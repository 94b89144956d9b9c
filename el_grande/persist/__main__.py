from el_grande.persist.cli import main

raise SystemExit(main())
