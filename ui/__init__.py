"""Everything pygame: the app loop, scenes, table widgets, drag and drop, theme, i18n."""
