-- A feature folder that sleeps while it loads: refused, or it would block every other feature.
hub.sleep(86400000)
