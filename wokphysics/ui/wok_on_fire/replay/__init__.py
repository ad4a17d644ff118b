"""Wok on Fire's replay viewer (``wokphysics replay FILE`` on a Wok on Fire record, and V on
its end screen), in the one scene shape of :mod:`wokphysics.ui.scene`: see :mod:`.scene`."""
