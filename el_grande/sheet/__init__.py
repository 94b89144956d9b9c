"""The scoring sheet for a game on a real board (`el-grande calc`): the model
(`el_grande.sheet.model`, plain Python) and its file (`el_grande.sheet.store`). The screen
is the app's (`el_grande/app/screens/sheet.py`); nothing here imports the app."""
