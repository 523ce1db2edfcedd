package typosquat

import "sync"

// The popular names are written from public popularity knowledge as of
// 2025–2026, not copied from any list: npm's most depended-upon and most
// downloaded packages (npmjs.com's "most depended upon", npm download
// counts), PyPI's most downloaded projects (pypistats.org and the monthly
// "top PyPI packages" dumps), crates.io's all-time most downloaded crates,
// the Go modules pkg.go.dev shows as most imported, and rubygems.org's
// most downloaded gems; plus the packages the typosquat write-ups named as
// targets (cross-env, colorama, python-dateutil, discord.js). A few dozen
// per registry: a typosquat is worth the effort only against names many
// people type.
var popular = [numRegistries][]string{
	NPM: {
		"react", "react-dom", "preact", "lodash", "express", "axios", "chalk", "commander", "debug",
		"moment", "request", "typescript", "webpack", "eslint", "tslint", "prettier", "mocha", "jquery",
		"dotenv", "yargs", "minimist", "rimraf", "mkdirp", "semver", "async", "bluebird", "underscore",
		"cross-env", "nodemon", "body-parser", "jsonwebtoken", "bcrypt", "bcryptjs", "mongoose", "mongodb",
		"socket.io", "node-fetch", "colors", "color", "inquirer", "fs-extra", "classnames", "prop-types",
		"redux", "tslib", "esbuild", "electron", "puppeteer", "playwright", "cheerio", "sharp", "ethers",
		"discord.js", "openai", "nodemailer", "passport", "sequelize", "mysql", "mysql2", "redis", "ioredis",
		"dayjs", "date-fns", "marked", "handlebars", "tailwindcss", "postcss", "autoprefixer", "gulp",
		"grunt", "karma", "supertest", "sinon", "winston", "morgan", "helmet", "multer", "shelljs", "execa",
		"node-sass", "sqlite3", "sqlite", "uuid", "chai", "jest", "vite", "next", "nuxt", "rxjs", "yaml",
		"js-yaml", "babel-cli", "babel-core", "coffee-script", "http-proxy", "event-stream", "ua-parser-js",
		"web3", "zod", "glob", "cors", "svelte", "angular", "vue-router", "webpack-cli", "ts-node", "tsx",
		"concurrently", "husky", "lint-staged", "wrangler", "vercel", "netlify-cli", "firebase",
		"firebase-tools", "aws-sdk", "stripe", "twilio", "graphql", "apollo-server", "prisma", "knex",
		"pm2", "forever", "serve", "http-server", "live-server", "lerna", "nx", "turbo", "pnpm", "yarn",
	},
	PyPI: {
		"requests", "urllib3", "numpy", "pandas", "boto3", "botocore", "setuptools", "six", "python-dateutil",
		"pyyaml", "certifi", "idna", "charset-normalizer", "typing-extensions", "packaging", "cryptography",
		"wheel", "attrs", "jinja2", "markupsafe", "click", "flask", "django", "fastapi", "pydantic",
		"sqlalchemy", "pytest", "matplotlib", "scipy", "scikit-learn", "tensorflow", "torch", "torchvision",
		"transformers", "pillow", "beautifulsoup4", "lxml", "colorama", "tqdm", "rich", "httpx", "aiohttp",
		"openai", "anthropic", "langchain", "selenium", "paramiko", "psycopg2", "psycopg2-binary", "pymysql",
		"redis", "celery", "gunicorn", "uvicorn", "werkzeug", "docutils", "pygments", "jsonschema", "pyjwt",
		"protobuf", "grpcio", "google-auth", "awscli", "virtualenv", "black", "flake8", "mypy", "pylint",
		"isort", "coverage", "simplejson", "websocket-client", "websockets", "psutil", "pycryptodome",
		"opencv-python", "keras", "xgboost", "nltk", "spacy", "networkx", "sympy", "seaborn", "plotly",
		"streamlit", "gradio", "huggingface-hub", "tiktoken", "python-dotenv", "toml", "tomli", "pyopenssl",
		"cffi", "pycparser", "oauthlib", "requests-oauthlib", "discord.py", "python-telegram-bot", "tweepy",
		"scrapy", "playwright", "pyinstaller", "docker", "kubernetes", "ansible", "fabric", "pexpect",
		"termcolor", "tabulate", "prettytable", "arrow", "pytz", "tzdata", "regex", "ujson", "orjson",
		"msgpack", "marshmallow", "alembic", "pymongo", "elasticsearch", "markdown", "markdown2", "typer",
		"jellyfish", "pyaml", "ruamel.yaml", "nose", "mock", "poetry", "pipenv", "pre-commit", "ruff",
		"uv", "pip", "httplib2", "pysocks", "dnspython", "bcrypt", "passlib", "loguru", "structlog",
		"boto", "jinja", "psycopg", "fastmcp", "mcp", "langchain-openai", "llama-index", "chromadb",
	},
	Crates: {
		"serde", "serde_json", "serde_yaml", "tokio", "rand", "clap", "reqwest", "anyhow", "thiserror",
		"regex", "chrono", "syn", "quote", "proc-macro2", "itertools", "lazy_static", "once_cell",
		"futures", "hyper", "tracing", "tracing-subscriber", "bytes", "libc", "base64", "uuid", "rayon",
		"axum", "tonic", "sqlx", "diesel", "toml", "env_logger", "tempfile", "walkdir", "indexmap",
		"hashbrown", "parking_lot", "crossbeam", "ring", "rustls", "openssl", "actix-web", "warp",
		"async-trait", "bitflags", "cfg-if", "memchr", "smallvec", "num-traits", "log", "url", "time",
		"getrandom", "sha2", "hex", "flate2", "zip", "image", "nom", "structopt", "colored", "indicatif",
		"dialoguer", "console", "ratatui", "crossterm", "fast_log", "tower", "prost", "wasm-bindgen",
	},
	Go: {
		"github.com/spf13/cobra", "github.com/spf13/viper", "github.com/spf13/pflag",
		"github.com/stretchr/testify", "github.com/sirupsen/logrus", "github.com/gin-gonic/gin",
		"github.com/gorilla/mux", "github.com/gorilla/websocket", "github.com/google/uuid",
		"github.com/pkg/errors", "github.com/urfave/cli", "github.com/go-chi/chi", "github.com/labstack/echo",
		"github.com/gofiber/fiber", "github.com/golang/protobuf", "github.com/prometheus/client_golang",
		"github.com/go-sql-driver/mysql", "github.com/lib/pq", "github.com/jackc/pgx",
		"github.com/redis/go-redis", "github.com/go-redis/redis", "github.com/boltdb/bolt",
		"github.com/dgraph-io/badger", "github.com/charmbracelet/bubbletea", "github.com/charmbracelet/lipgloss",
		"github.com/charmbracelet/glamour", "github.com/fatih/color", "github.com/mattn/go-sqlite3",
		"github.com/golang-jwt/jwt", "github.com/aws/aws-sdk-go", "github.com/aws/aws-sdk-go-v2",
		"github.com/hashicorp/terraform", "github.com/hashicorp/vault", "github.com/docker/docker",
		"github.com/kubernetes/kubernetes", "github.com/uber-go/zap", "github.com/rs/zerolog",
		"github.com/evanw/esbuild", "github.com/cli/cli", "github.com/junegunn/fzf",
		"github.com/mark3labs/mcp-go", "github.com/modelcontextprotocol/go-sdk", "github.com/cenkalti/backoff",
		"github.com/davecgh/go-spew", "github.com/valyala/fasthttp", "github.com/json-iterator/go",
		"github.com/tidwall/gjson", "github.com/mitchellh/mapstructure",
	},
	RubyGems: {
		"rails", "rake", "bundler", "rspec", "nokogiri", "json", "rack", "activesupport", "activerecord",
		"actionpack", "puma", "sinatra", "devise", "rubocop", "thor", "httparty", "faraday", "aws-sdk",
		"sidekiq", "redis", "mysql2", "sqlite3", "capybara", "minitest", "tzinfo", "i18n", "concurrent-ruby",
		"rest-client", "colorize", "jekyll", "fastlane", "cocoapods", "bootsnap", "webpacker", "pundit",
		"sprockets", "unicorn", "mechanize", "octokit", "slack-ruby-client", "dotenv", "pry", "byebug",
		"rubyzip", "mini_magick", "paperclip", "kaminari", "stripe", "twilio-ruby", "atlassian-jwt",
	},
}

// honest are real, long-lived packages one edit from a popular one; the
// author means them, not the popular name.
var honest = [numRegistries][]string{
	NPM:    {"requests", "expresso", "dotenvx", "colour", "chalk-cli", "mocka", "reacts", "tsx", "esbuild-wasm", "undici", "gulp-cli", "grunt-cli", "ethers5", "yarnpkg", "lodash-es", "lodash2", "request-promise", "fs-extra2", "uuid2", "classnames2"},
	PyPI:   {"request", "attr", "openapi", "fabric2", "protobuf3", "nose2", "pytest", "jinja", "psycopg", "psycopg3", "ujson", "toml", "tomli", "tomlkit", "pyaml", "rich-click", "typer-slim", "tiktoken", "mocks", "docker-py", "flask-cors", "pymssql", "pymysql", "mysql", "python-jose", "jwt", "redis-py", "aioredis", "httpcore", "pydantic-core", "colorlog", "coloredlogs", "panda3d", "pandas-stubs", "arrow-odbc", "regex2", "scapy", "scipy2", "spacy3", "requests-toolbelt", "requests-mock", "requests2", "pytest-mock", "urllib3-secure-extra", "pyjwt2", "pygments2", "jsonschema2"},
	Crates: {"request", "base32", "tokio-util", "serde-json-core", "rand_core", "time-macros", "hex-literal", "futures-util", "futures-core", "log4rs", "syn-mid", "quote-use", "nom8", "ring-compat", "clap_lex", "tonic-build", "prost-build"},
	Go:     {"github.com/sirupsen/logrus", "github.com/go-chi/chi/v5", "github.com/labstack/echo/v4", "github.com/urfave/cli/v2"},
	RubyGems: {"rack-test", "rake-compiler", "jsonb", "rails-html-sanitizer", "puma-daemon", "thor-rails", "redis-rb", "rspec-core", "rspec-rails", "pry-rails", "dotenv-rails",
		"rails_12factor", "faraday-net_http", "rest-client-components", "colored", "json_pure", "minitest-reporters"},
}

type nameSets struct {
	popular, honest      [numRegistries]map[string]bool
	scopes, honestScopes map[string]bool
}

// sets holds both lists normalised, built on first use: every command
// would otherwise pay for it at start-up, and only the review reads it.
var sets = sync.OnceValue(func() *nameSets {
	var ns nameSets
	for reg := Registry(0); reg < numRegistries; reg++ {
		ns.popular[reg], ns.honest[reg] = map[string]bool{}, map[string]bool{}
		for _, n := range popular[reg] {
			ns.popular[reg][normalize(reg, n)] = true
		}
		for _, n := range honest[reg] {
			ns.honest[reg][normalize(reg, n)] = true
		}
	}
	ns.scopes, ns.honestScopes = map[string]bool{}, map[string]bool{}
	for _, s := range popularScopes {
		ns.scopes[s] = true
	}
	for _, s := range honestScopes {
		ns.honestScopes[s] = true
	}
	return &ns
})
