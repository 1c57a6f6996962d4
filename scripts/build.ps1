# Build the standalone game with PyInstaller on Windows, then self-test it.
#
#   powershell -ExecutionPolicy Bypass -File scripts\build.ps1            # both builds
#   powershell -ExecutionPolicy Bypass -File scripts\build.ps1 onedir     # dist\onedir\uno\uno.exe
#   powershell -ExecutionPolicy Bypass -File scripts\build.ps1 onefile    # dist\onefile\uno.exe
#
# Uses $env:PYTHON (default .venv\Scripts\python.exe; the venv is created with
# `pip install -e .[build,online]` when missing: PyInstaller, and the online
# seats' library that the builds carry).
param([string[]]$Modes = @("onedir", "onefile"))
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..")

$Python = if ($env:PYTHON) { $env:PYTHON } else { ".venv\Scripts\python.exe" }
if (-not (Test-Path $Python)) {
    Write-Host "== creating .venv"
    py -3 -m venv .venv
    $Python = ".venv\Scripts\python.exe"
    & $Python -m pip install --upgrade pip
    & $Python -m pip install -e ".[build,online]"
    if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
}
& $Python -c "import PyInstaller, wormhole, noise" 2>$null
if ($LASTEXITCODE -ne 0) { & $Python -m pip install -e ".[build,online]" }

foreach ($mode in $Modes) {
    switch ($mode) {
        "onedir"  { $extra = @();                 $exe = "dist\onedir\uno\uno.exe"; $out = "dist\onedir\uno" }
        "onefile" { $extra = @("--", "--onefile"); $exe = "dist\onefile\uno.exe";    $out = "dist\onefile\uno.exe" }
        default   { Write-Error "unknown mode: $mode (onedir or onefile)"; exit 2 }
    }
    Write-Host "== building $mode"
    $t = Measure-Command {
        & $Python -m PyInstaller --noconfirm --clean --log-level WARN build.spec @extra | Out-Host
    }
    if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
    $bytes = (Get-ChildItem $out -Recurse -File | Measure-Object -Sum Length).Sum
    Write-Host ("== {0} built in {1:N0} s, size {2:N1} MB" -f $mode, $t.TotalSeconds, ($bytes / 1MB))
    # A windowed exe has no console: Start-Process -Wait gives its exit code;
    # the report is in the log (%LOCALAPPDATA%\uno-game\Logs) and on stdout when redirected.
    Write-Host "== self-test of $exe"
    $p = Start-Process -FilePath $exe -ArgumentList "--self-test" -Wait -PassThru -NoNewWindow `
        -RedirectStandardOutput "$out.selftest.txt"
    Get-Content "$out.selftest.txt" | Out-Host
    if ($p.ExitCode -ne 0) { Write-Error "self-test of $mode failed ($($p.ExitCode))"; exit 1 }
}
