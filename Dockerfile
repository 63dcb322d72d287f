# Build the frontend with Node, then run the server with Python only.
FROM node:20-slim AS frontend
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml alembic.ini ./
COPY backend/ backend/
COPY migrations/ migrations/
RUN pip install --no-cache-dir -e .
COPY --from=frontend /src/frontend/dist frontend/dist
EXPOSE 8000
CMD ["sh", "-c", "until vantage migrate; do sleep 2; done && exec vantage serve"]
