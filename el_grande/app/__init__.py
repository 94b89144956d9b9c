"""The hot-seat Textual app. `ElGrandeApp` lives in `el_grande.app.app`."""
