"""``python -m tawla.cli`` runs the same thing as the ``tawla`` command (as it did when the command
line was one module)."""

import sys

from tawla.cli import main

sys.exit(main())
