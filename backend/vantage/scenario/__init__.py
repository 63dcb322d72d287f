"""The scenario format (vantage-scenario/1): a table at one moment and questions about it."""
