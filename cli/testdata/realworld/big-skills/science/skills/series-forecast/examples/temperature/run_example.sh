#!/bin/sh
python run_forecast.py
