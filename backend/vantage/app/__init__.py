"""The application shell: load -> decide -> append -> fan out. No HTTP and no SQL text here."""
