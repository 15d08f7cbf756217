FROM python:3.11-slim

# A CJK font so Chinese renders in board images.
RUN apt-get update \
 && apt-get install -y --no-install-recommends fonts-wqy-microhei fontconfig \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY pyproject.toml README.md ./
COPY games ./games
COPY service ./service
COPY storage ./storage
COPY render ./render
COPY bot ./bot
COPY bench ./bench
RUN pip install --no-cache-dir .

RUN useradd --create-home tabula && mkdir /data && chown tabula /data
USER tabula
ENV TABULA_DATABASE_URL=sqlite:////data/tabula.db \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]
CMD ["tabula", "run"]
