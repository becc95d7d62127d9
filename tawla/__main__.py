"""``python -m tawla`` runs the same thing as the ``tawla`` command."""

import sys

from tawla.cli import main

sys.exit(main())
