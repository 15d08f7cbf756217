FROM python:3.11-slim

# A CJK font so Chinese renders in board images.
RUN apt-get update \
 && apt-get install -y --no-install-recommends fonts-wqy-microhei fontconfig \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
# The dependencies exactly as locked (hash-checked; `make lock` refreshes requirements.lock), in a
# layer of their own, then Tabula itself on top of them.
COPY requirements.lock ./
RUN pip install --no-cache-dir --require-hashes -r requirements.lock
COPY pyproject.toml README.md ./
COPY games ./games
COPY service ./service
COPY storage ./storage
COPY render ./render
COPY bot ./bot
COPY bench ./bench
RUN pip install --no-cache-dir --no-deps .

RUN useradd --create-home tabula && mkdir /data && chown tabula /data
USER tabula
# Without DISCORD_TOKEN, `tabula run` plays in the console: its table and board images go to /data
# too (the image's /app belongs to root).
ENV TABULA_DATABASE_URL=sqlite:////data/tabula.db \
    TABULA_OUT_DIR=/data/out \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]
CMD ["tabula", "run"]
