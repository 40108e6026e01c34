"""The app's scenes: menu, game setup, load, settings, rules reference, results (and table scenes from ui.games)."""
