// Kanora web app: entry module.
