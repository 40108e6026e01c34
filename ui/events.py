"""App signals as pygame custom event types (posted by worker threads and widgets, read by scenes)."""
import pygame

BOT_MOVE_READY = pygame.event.custom_type()     # .token, .action: a bot finished thinking
HINT_READY = pygame.event.custom_type()         # .token, .action: the hint bot's suggestion
LANGUAGE_CHANGED = pygame.event.custom_type()
