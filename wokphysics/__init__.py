"""wokphysics: four wok games; Wok on Fire as a physics simulation."""

__version__ = "0.1.0"
